// The README's first section, run as written (issue 26): npm start's own script on a database of
// its own, then each of the section's sh blocks with bash, in order, from the repository's root
// with the server's environment (what a developer's shell has). The receiver the section starts
// (`npm run -s listen`) and the forwarder that brings it the demo merchant's callbacks
// (`npm run -s listen -- --forward-to`) run in the background, as in the other terminals the README
// asks for. It must end with a deposit.paid callback the receiver verified with the demo key. The one change to
// the text is the addresses: this run's gateway and receiver take free ports, not 3000 and 4000.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { signToken } from "../lib/envelope/sign-token";
import { CALLBACK_TOKEN_LIFETIME_SECONDS, CALLBACK_TOKEN_TYPE } from "../lib/envelope/token-types";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";

const root = path.resolve(import.meta.dirname, "..");
const README_URL = "http://localhost:3000";
const README_RECEIVER = "http://127.0.0.1:4000";

/** The sh blocks of the README's first section, from its heading to the next. */
function firstSectionBlocks(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const firstHeading = readme.indexOf("\n## ");
  expect(readme.slice(firstHeading + 1, readme.indexOf("\n", firstHeading + 1))).toBe("## Your first signed request");
  const section = readme.slice(firstHeading + 1, readme.indexOf("\n## ", firstHeading + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let gateway: GatewayProcess;
let receiver: ChildProcess | null = null;
let received = "";
let forwarder: ChildProcess | null = null;
let forwarded = "";

test.beforeAll(async () => {
  gateway = await startGateway({ database: "sqlite", port: E2E_PORT + 5 });
});

test.afterAll(async () => {
  // Each one's shell, npm and the script are one process group, started here.
  for (const child of [receiver, forwarder])
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  await gateway?.stop();
});

test("the README's first section, run as written, ends with a deposit.paid callback verified with the demo key", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const blocks = firstSectionBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const receiverUrl = `http://127.0.0.1:${await freePort()}`;
  const asRun = (block: string) => block.replaceAll(README_URL, gateway.url).replaceAll(README_RECEIVER, receiverUrl);

  // The first run explains itself: after "Ready", the demo key and the commands the README runs.
  const afterReady = gateway.output().slice(gateway.output().indexOf("Ready in"));
  expect(afterReady).toMatch(/^\s+keyId\s+mk_test_\w+$/m);
  expect(afterReady).toMatch(/^\s+secret\s+\S+$/m);
  for (const command of blocks.filter((block) => /^npm run -s listen\b/.test(block)))
    expect(afterReady).toContain(command.trim().replace(/^npm run -s listen -- /, ""));
  expect(afterReady).toContain(`${gateway.url}/console/settings`);

  const env = { ...process.env, ...gateway.env };
  for (const block of blocks.map(asRun)) {
    if (/^npm run -s listen -- --forward-to\b/.test(block)) {
      forwarder = spawn("bash", ["-c", block], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      forwarder.stdout?.on("data", (chunk: Buffer) => (forwarded += chunk.toString()));
      forwarder.stderr?.on("data", (chunk: Buffer) => (forwarded += chunk.toString()));
      await expect.poll(() => forwarded, { timeout: 60_000 }).toContain(`to ${receiverUrl}/callbacks`);
      continue;
    }
    if (/^npm run -s listen\b/.test(block)) {
      receiver = spawn("bash", ["-c", block], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      receiver.stdout?.on("data", (chunk: Buffer) => (received += chunk.toString()));
      receiver.stderr?.on("data", (chunk: Buffer) => (received += chunk.toString()));
      await expect.poll(() => received, { timeout: 60_000 }).toContain(`listening on ${receiverUrl}/callbacks`);
      continue;
    }
    const run = await promisify(execFile)("bash", ["-e", "-o", "pipefail", "-c", block], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 120_000,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in run ? run.code : 0, `${block}\n${run.stdout}\n${run.stderr}`).toBe(0);
  }

  // The receiver verified a deposit.paid: the deposit the section created, paid, as the gateway says.
  await expect.poll(() => received, { timeout: 30_000 }).toMatch(/^verified deposit\.paid /m);
  const line = /^verified deposit\.paid (.*)$/m.exec(received)![1];
  const event = JSON.parse(line) as Record<string, unknown>;
  expect(event).toMatchObject({ type: "deposit.paid", reference: "pedido-42", amount: "10.50", status: "paid" });
  const demo = {
    keyId: /^\s+keyId\s+(mk_test_\w+)$/m.exec(gateway.output())![1],
    secret: /^\s+secret\s+(\S+)$/m.exec(gateway.output())![1],
  };
  const jwt = await signRequestToken({ ...demo, data: { reference: "pedido-42" } });
  const answer = await request.post(`${gateway.url}/api/status`, { data: { jwt } });
  const { payload } = await jwtVerify(
    ((await answer.json()) as { jwt: string }).jwt,
    new TextEncoder().encode(demo.secret),
  );
  expect(payload).toMatchObject({ code: 200, data: { id: event.id, status: "paid" } });

  // What it prints is what it verified: a callback signed with another secret is refused, 401.
  const forged = await signToken({
    keyId: demo.keyId,
    secret: "another secret, at least 32 characters long",
    type: CALLBACK_TOKEN_TYPE,
    lifetimeSeconds: CALLBACK_TOKEN_LIFETIME_SECONDS,
    claims: { data: event },
  });
  const refused = await request.post(`${receiverUrl}/callbacks`, { data: { jwt: forged } });
  expect(refused.status()).toBe(401);
  await expect.poll(() => received).toMatch(/^refused: ERR_JWS_SIGNATURE_VERIFICATION_FAILED/m);
  expect(received.match(/^verified /gm)).toHaveLength(1);
});
