// Issue 39's request id, against npm start's own server: an X-Request-Id a trusted proxy sends is
// the answer's, every log line's the request causes, the stored deposit's and its callback's
// delivery line's; from any other client the id is a new one, never the one it sent; and every
// answer carries one, pages and refusals included, with a log line for each page.
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { isIdOf } from "../lib/ids/new-id";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { createPixFrom, sendFrom } from "../test/support/send-from";
import { E2E_PORT } from "./environment";
import type { Merchant } from "./support";

const port = E2E_PORT + 42;

let gateway: GatewayProcess;
let merchant: Merchant;
let receiver: Receiver;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // startGateway trusts 127.0.0.1 as a proxy (TRUSTED_PROXIES): a request from 127.0.0.2, another
  // loopback address, is a client's own.
  gateway = await startGateway({ database: "sqlite", port, env: { LOG_LEVEL: "info" } });
  receiver = await startReceiver();
  merchant = JSON.parse(
    await gateway.cashier("merchant", "create", "--name", "Loja Rastreada", "--callback-url", receiver.url),
  ) as Merchant;
});

test.afterAll(async () => {
  await gateway?.stop();
  await receiver?.close();
});

/** The stored deposit's request id, read from the gateway's SQLite file. */
function storedRequestId(depositId: string): unknown {
  const database = new Database(gateway.databaseUrl.replace(/^file:/, ""), { readonly: true });
  try {
    return (
      database.prepare('SELECT "requestId" FROM "Transaction" WHERE "id" = ?').get(depositId) as { requestId: unknown }
    ).requestId;
  } finally {
    database.close();
  }
}

const send = (method: string, target: string) => sendFrom(port, method, target);
const createPix = (headers: Record<string, string>, localAddress?: string) =>
  createPixFrom(port, merchant, headers, localAddress);

/** The log's JSON lines written since `since`. */
const linesSince = (since: number) =>
  gateway
    .output()
    .slice(since)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test("a trusted proxy's X-Request-Id is the answer's, the log's, the deposit's and its callback's", async () => {
  const since = gateway.output().length;
  const { answer, depositId } = await createPix({ "x-request-id": "abc-123", "x-forwarded-for": "198.51.100.7" });
  expect(answer.headers["x-request-id"]).toBe("abc-123");
  await expect.poll(() => linesSince(since).filter((line) => line.requestId === "abc-123").length).toBeGreaterThan(0);
  const ours = linesSince(since).filter((line) => line.requestId === "abc-123");
  expect(ours.find((line) => line.msg === "api request")).toMatchObject({
    operation: "pix",
    path: "/api/pix",
    clientIp: "198.51.100.7",
    status: 201,
    merchantId: merchant.merchantId,
  });
  expect(storedRequestId(depositId)).toBe("abc-123");

  // Paid later, by another process: its callback's delivery is logged under the create's id.
  await gateway.cashier("deposit", "pay", depositId);
  await expect
    .poll(() => linesSince(since).find((line) => line.msg === "callback delivered" && line.objectId === depositId), {
      timeout: 30_000,
    })
    .toMatchObject({ requestId: "abc-123", type: "deposit.paid" });
  expect(receiver.received.map((request) => request.data.id)).toContain(depositId);
});

test("a client's own X-Request-Id is never taken: the answer and the log name a new one", async () => {
  const since = gateway.output().length;
  const { answer, depositId } = await createPix({ "x-request-id": "abc-123" }, "127.0.0.2");
  const id = String(answer.headers["x-request-id"]);
  expect(storedRequestId(depositId)).toBe(id);
  expect(id).not.toBe("abc-123");
  expect(isIdOf("req", id)).toBe(true);
  await expect.poll(() => linesSince(since).find((line) => line.msg === "api request")?.requestId).toBe(id);
  expect(gateway.output().slice(since)).not.toContain("abc-123");
  expect(linesSince(since).find((line) => line.msg === "api request")).toMatchObject({ clientIp: "127.0.0.2" });
});

test("every answer names its request: a hosted page, a 404, a refused method, each id its own", async () => {
  const since = gateway.output().length;
  const answers = await Promise.all([
    send("GET", "/pay/ajuda"),
    send("GET", "/nao-existe"),
    send("TRACE", "/api/pix"),
    send("GET", "/api/health"),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 404, 405, 200]);
  const ids = answers.map((answer) => String(answer.headers["x-request-id"]));
  for (const id of ids) expect(isIdOf("req", id), id).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  // A page a person sees is a line of the log under its id, as an API request is.
  await expect
    .poll(() => linesSince(since).find((line) => line.msg === "request" && line.requestId === ids[0]))
    .toMatchObject({ method: "GET", path: "/pay/ajuda", status: 200, clientIp: "127.0.0.1" });
});
