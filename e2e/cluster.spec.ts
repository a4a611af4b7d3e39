// `npm start` itself with WEB_CONCURRENCY=2: it serves from node processes running the build's
// JavaScript alone (no sh, no tsx, no TypeScript at run time), two worker processes answer on one
// port, and SIGTERM (which npm passes on) stops them gracefully: a request whose body is still
// arriving when the signal comes is answered in full before the processes exit, and they exit
// cleanly.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { builtEntry } from "../scripts/runtime-layout";
import { readProcessTree } from "../test/support/process-tree";
import { E2E_PORT } from "./environment";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 2;
let server: ChildProcess;
let dataDir: string;
let output = "";

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cashier-cluster-"));
  server = spawn("npm", ["start"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      CASHIER_DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/cashier.db`,
      CASHIER_ENV: "development",
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
    },
    detached: true,
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 90_000 }).toMatch(/Ready in .*2 workers/);
});

test.afterAll(() => {
  // npm and whatever is left below it (its own group: detached).
  try {
    process.kill(-(server.pid as number), "SIGKILL");
  } catch {
    // Already stopped by the last test.
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A status request on a connection of its own, so the kernel may hand it to either worker. */
function post(body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        port,
        host: "127.0.0.1",
        path: "/api/status",
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const requestPids = () =>
  new Set(
    output
      .split("\n")
      .filter((line) => line.includes('"msg":"api request"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

test("npm start serves from node processes running the build's JavaScript, and nothing else", () => {
  const [npm, ...below] = readProcessTree(server.pid as number);
  expect(npm.argv.join(" ")).toMatch(/npm(-cli\.js)? start$/);
  const described = below.map((row) => `${row.pid} (parent ${row.ppid}): ${row.exe} ${row.argv.join(" ")}`).join("\n");
  // npm's child is the primary itself: no shell between them, and nothing started for the build's
  // first step (migrations, the key check) is left running.
  expect(below, described).toHaveLength(3);
  const [primary, ...workers] = below;
  expect(primary.ppid, described).toBe(npm.pid);
  expect(primary.argv.slice(1), described).toEqual(["scripts/npm-start.mjs"]);
  for (const worker of workers) {
    expect(worker.ppid, described).toBe(primary.pid);
    expect(worker.argv.slice(1), described).toEqual([builtEntry(root, "serve")]);
  }
  for (const row of below) {
    expect(path.basename(row.exe), described).toMatch(/^node/);
    // No loader or flag of any kind: node runs the JavaScript it is given, as a container would.
    expect(row.argv, described).toHaveLength(2);
  }
});

test("two workers answer, and SIGTERM lets the request in flight finish", async () => {
  const keyId = /^\s+keyId\s+(mk_test_\w+)$/m.exec(output)?.[1] as string;
  const secret = /^\s+secret\s+(\S+)$/m.exec(output)?.[1] as string;
  expect(keyId, output).toBeTruthy();
  const body = async () =>
    JSON.stringify({ jwt: await signRequestToken({ keyId, secret, data: { id: "dep_unknown" } }) });

  for (let i = 0; i < 200 && requestPids().size < 2; i++) expect(await post(await body())).toBe(404);
  expect(requestPids().size).toBe(2);

  // Headers and part of the body now, the signal, then the rest: the answer must still come whole.
  const slowBody = await body();
  const request = http.request({
    port,
    host: "127.0.0.1",
    path: "/api/status",
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": slowBody.length },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
  });
  request.write(slowBody.slice(0, 20));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  request.end(slowBody.slice(20));
  const { status, text } = await answered;

  expect(status).toBe(404);
  const { payload } = await jwtVerify((JSON.parse(text) as { jwt: string }).jwt, new TextEncoder().encode(secret));
  expect(payload).toMatchObject({ code: 404, data: { error: { type: "not_found" } } });
  expect(await exited).toBe(0);
});
