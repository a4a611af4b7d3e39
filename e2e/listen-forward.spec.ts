// Issue 42: a hosted gateway's callbacks brought to a developer's laptop. `npm run listen --
// --forward-to` runs in a process of its own against npm start's server (another process), for a
// merchant with no callback URL at all; a receiver on the loopback interface stands for the
// developer's app and verifies each callback with the merchant's secret. A real deposit.paid
// arrives, signed, and the event's attempts show the forward. Stopped and started again, the
// forwarder brings the event made while it was down, once, and never the ones it already brought.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { pixDepositRequest } from "../test/support/requests";
import { E2E_BASE_URL } from "./environment";
import { type Merchant, cashier, postSigned } from "./support";

const root = path.resolve(import.meta.dirname, "..");

let merchant: Merchant;
let receiver: Receiver;
let scratch: string;

test.beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "cashier-forward-"));
  receiver = await startReceiver({ fallback: { status: 204 } });
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja do Laptop")) as Merchant;
});

test.afterAll(async () => {
  await receiver?.close();
  rmSync(scratch, { recursive: true, force: true });
});

type Forwarder = { child: ChildProcess; output: () => string };

/** `npm run -s listen -- --forward-to …` as a developer types it, with the merchant's own key. */
async function startForwarder(): Promise<Forwarder> {
  const child = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    [
      path.join(root, "scripts/listen.ts"),
      ...["--forward-to", receiver.url, "--gateway", E2E_BASE_URL],
      ...["--key-id", merchant.keyId, `--secret=${merchant.secret}`],
      ...["--state", path.join(scratch, "forward.json")],
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain("forwarding");
  return { child, output: () => output };
}

async function stop(forwarder: Forwarder): Promise<void> {
  const exited = new Promise((resolve) => forwarder.child.once("exit", resolve));
  forwarder.child.kill("SIGTERM");
  await exited;
}

/** A sandbox deposit paid as its customer would pay it: the callback event it made. */
async function paidDeposit(): Promise<{ depositId: string; eventId: string }> {
  const created = await postSigned(`${E2E_BASE_URL}/api/pix`, merchant, pixDepositRequest());
  expect(created.status).toBe(201);
  const depositId = created.data.id as string;
  const paid = await postSigned(`${E2E_BASE_URL}/api/sandbox/simulate`, merchant, { id: depositId, outcome: "paid" });
  expect(paid).toMatchObject({ status: 200, data: { status: "paid" } });
  return { depositId, eventId: paid.data.event_id as string };
}

const receivedOf = (eventId: string) => receiver.received.filter((received) => received.data.event_id === eventId);

/** The callback as the developer's app verifies it: signature with the secret, typ and exp. */
async function verify(jwt: string): Promise<Record<string, unknown>> {
  const { payload, protectedHeader } = await jwtVerify(jwt, new TextEncoder().encode(merchant.secret), {
    algorithms: ["HS256"],
    typ: "cashier-callback+jwt",
  });
  expect(protectedHeader.kid).toBe(merchant.keyId);
  return payload.data as Record<string, unknown>;
}

async function eventOf(eventId: string, depositId: string): Promise<Record<string, unknown>> {
  const listed = await postSigned(`${E2E_BASE_URL}/api/events`, merchant, { transaction_id: depositId });
  expect(listed.status).toBe(200);
  const event = (listed.data.events as Record<string, unknown>[]).find((item) => item.event_id === eventId);
  expect(event).toBeDefined();
  return event as Record<string, unknown>;
}

test("listen --forward-to brings a hosted gateway's deposit.paid to a local app, and resumes after a restart", async () => {
  test.setTimeout(240_000);
  const before = await paidDeposit();
  let forwarder = await startForwarder();

  // From now on: what happened before the forwarder first started stays at the gateway.
  const first = await paidDeposit();
  await expect.poll(() => receivedOf(first.eventId).length, { timeout: 30_000 }).toBe(1);
  const [arrived] = receivedOf(first.eventId);
  const data = await verify(arrived.jwt);
  expect(data).toMatchObject({ type: "deposit.paid", id: first.depositId, status: "paid", event_id: first.eventId });
  const event = await eventOf(first.eventId, first.depositId);
  // The issue asks for 2 s from the event; measured here and printed, bounded loosely so a loaded
  // machine does not fail it (the forwarder asks every half second).
  const delayMs = arrived.receivedAt - Date.parse(event.created_at as string);
  console.log(`deposit.paid reached the local app ${delayMs} ms after the event`);
  expect(delayMs).toBeLessThan(10_000);
  await expect
    .poll(async () => (await eventOf(first.eventId, first.depositId)).attempts, { timeout: 10_000 })
    .toContainEqual(
      expect.objectContaining({ state: "forwarded", url: receiver.url, http_status: 204, key_id: merchant.keyId }),
    );
  // The merchant has no callback URL: the gateway's own delivery is still waiting, unchanged.
  expect(event.status).toBe("pending");

  await stop(forwarder);
  const whileDown = await paidDeposit();
  forwarder = await startForwarder();
  expect(forwarder.output()).toContain("resuming");
  const after = await paidDeposit();
  await expect.poll(() => receivedOf(after.eventId).length, { timeout: 30_000 }).toBe(1);
  expect(receivedOf(whileDown.eventId)).toHaveLength(1);
  await verify(receivedOf(whileDown.eventId)[0].jwt);
  // Nothing twice, nothing from before the first start.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(receivedOf(first.eventId)).toHaveLength(1);
  expect(receivedOf(before.eventId)).toHaveLength(0);
  const order = receiver.received.map((received) => received.data.event_id);
  expect(order).toEqual([first.eventId, whileDown.eventId, after.eventId]);
  await stop(forwarder);
});

test("the forwarder refuses what it cannot use, saying why", async () => {
  const run = (...args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/listen.ts"), ...args], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("exit", (code) => resolve({ code, output }));
    });
  const key = ["--key-id", merchant.keyId, `--secret=${merchant.secret}`];
  expect(await run("--forward-to", "ftp://laptop/callbacks", ...key)).toMatchObject({
    code: 2,
    output: expect.stringContaining("--forward-to: ftp://laptop/callbacks is not an http or https URL"),
  });
  expect(await run("--forward-to", "http://dev:s3cret@localhost:8080/callbacks", ...key)).toMatchObject({
    code: 2,
    output: expect.stringContaining("--forward-to: give a URL without a user name or password"),
  });
  expect(await run("--gateway", E2E_BASE_URL, ...key)).toMatchObject({
    code: 2,
    output: expect.stringContaining("--gateway and --state go with --forward-to"),
  });
});
