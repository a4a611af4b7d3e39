// The README's first command, as a newcomer runs it: npm start on an empty data folder prints a
// sandbox key after "Ready", and a request signed with that printed key gets an answer signed with
// it; started again, it prints the same key again.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { E2E_PORT } from "./environment";
import { START_SCRIPT } from "../test/support/gateway-process";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 1;
let server: ChildProcess;
let dataDir: string;
let output = "";

const startEnv = () => ({
  ...process.env,
  PORT: String(port),
  CASHIER_DATA_DIR: dataDir,
  DATABASE_URL: `file:${dataDir}/cashier.db`,
  CASHIER_ENV: "development",
});

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cashier-start-"));
  server = spawn(process.execPath, [START_SCRIPT], { cwd: root, env: startEnv() });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toMatch(/Ready in/);
});

test.afterAll(() => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("npm start prints a demo key that signs requests the gateway answers", async ({ request }) => {
  const keyId = /^\s+keyId\s+(mk_test_\w+)$/m.exec(output)?.[1];
  const secret = /^\s+secret\s+(\S+)$/m.exec(output)?.[1];
  expect(keyId, output).toBeTruthy();
  expect(secret, output).toBeTruthy();

  const health = await request.get(`http://127.0.0.1:${port}/api/health`);
  expect(health.status()).toBe(200);

  const jwt = await signRequestToken({ keyId: keyId as string, secret: secret as string, data: { id: "dep_unknown" } });
  const response = await request.post(`http://127.0.0.1:${port}/api/status`, { data: { jwt } });
  expect(response.status()).toBe(404);
  const { payload } = await jwtVerify(
    ((await response.json()) as { jwt: string }).jwt,
    new TextEncoder().encode(secret),
  );
  expect(payload).toMatchObject({ code: 404, data: { error: { type: "not_found" } } });
  // Printed once, after "Ready" (below whatever the build printed), never in the log lines, with
  // the next command to run.
  expect(output.split(secret as string)).toHaveLength(2);
  const afterReady = output.slice(output.indexOf("Ready in"));
  expect(afterReady).toContain(secret);
  expect(afterReady).toContain("npm run -s sign --");
});

test("a second npm start prints the demo key again after Ready", async () => {
  const secret = /^\s+secret\s+(\S+)$/m.exec(output)?.[1] as string;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  output = "";
  server = spawn(process.execPath, [START_SCRIPT], { cwd: root, env: startEnv() });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toMatch(/Ready in/);
  expect(output).not.toMatch(/demo merchant \S+ created/);
  expect(output.slice(output.indexOf("Ready in"))).toMatch(new RegExp(`^\\s+secret\\s+${secret}$`, "m"));
});
