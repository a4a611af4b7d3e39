// Clients that hang up, against npm start's own server: each request whose body is cut off or
// whose client leaves before its answer is exactly one JSON line of the log ("request aborted"),
// with no token or query in it, and nothing else reaches stdout or stderr (before, Next.js printed
// a multi-line "Error: aborted" stack outside the JSON log for each). An answer cut off halfway
// is lib/server/log-aborted-request.test.ts's, where the answer's pace is the test's to set.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";

const port = E2E_PORT + 4;
let gateway: GatewayProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  gateway = await startGateway({ database: "sqlite", port, env: { LOG_LEVEL: "info" } });
});

test.afterAll(async () => {
  await gateway?.stop();
});

/** Writes `head` and part of a body on a raw socket, then destroys it once the server holds the request. */
function cutBody(head: string, sent: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head + sent));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve());
    setTimeout(() => socket.destroy(), 300);
  });
}

/**
 * Sends a whole request and at once says it will send nothing more (FIN): Node takes that as the
 * client gone, so the answer is never written in full. What a client closing before its answer
 * is, with no race against how fast the page renders.
 */
function leaveBeforeAnswer(head: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(head));
    socket.on("error", () => undefined);
    socket.resume();
    socket.on("close", () => resolve());
  });
}

test("an aborted or cut request is one JSON line of the log, and nothing else is written", async () => {
  const host = `Host: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n`;
  const token = randomBytes(24).toString("base64url");
  const since = gateway.output().length;

  await cutBody(
    `POST /api/pix?secret=abc HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n`,
    '{"jwt":"eyJhbGciOiJIUzI1NiJ9',
  );
  await cutBody(
    `POST /pay/${token} HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n`,
    "name=Maria&cpf=529",
  );
  await cutBody(
    `POST /console/login HTTP/1.1\r\n${host}Next-Action: 7f00000000000000000000000000000000000000\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: 4000\r\n\r\n`,
    '["a',
  );
  await leaveBeforeAnswer(`GET /docs HTTP/1.1\r\n${host}\r\n`);

  const expected = [
    { method: "POST", path: "/api/pix", during: "request", bodyBytes: 28 },
    { method: "POST", path: "/pay/{token}", during: "request", bodyBytes: 18 },
    { method: "POST", path: "/console/login", during: "request", bodyBytes: 3 },
    { method: "GET", path: "/docs", during: "response", bodyBytes: 0 },
  ];
  const aborted = () =>
    gateway
      .output()
      .slice(since)
      .split("\n")
      .filter((line) => line.includes('"request aborted"'));
  await expect.poll(() => aborted().length, { timeout: 10_000, message: aborted().join("\n") }).toBe(expected.length);
  // A moment more: a second line for any of them, or Next.js's own report, would come now.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const written = gateway.output().slice(since);
  const lines = written.split("\n").filter(Boolean);
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(
    parsed
      .filter((line) => line.msg === "request aborted")
      .map(({ method, path, during, bodyBytes }) => ({ method, path, during, bodyBytes }))
      .sort((a, b) => String(a.path).localeCompare(String(b.path))),
  ).toEqual(expected.sort((a, b) => a.path.localeCompare(b.path)));
  for (const line of parsed.filter((line) => line.msg === "request aborted" && line.during === "request"))
    expect(line).toMatchObject({ level: "info", declaredBytes: 4000 });
  expect(parsed.filter((line) => line.level === "error" || line.level === "warn")).toEqual([]);
  expect(written).not.toMatch(/Error: aborted|ECONNRESET|at ignore-listed frames/);
  expect(written).not.toContain(token);
  expect(written).not.toContain("secret=abc");
});

/** Writes `head` and part of a body, then says it will send nothing more (FIN); answers what came back. */
function halfClose(head: string, sent: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.end(head + sent));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(answer));
  });
}

test("a body cut off never reaches a client as body_incomplete: Node's bare 400, and the log says aborted", async () => {
  const since = gateway.output().length;
  const answer = await halfClose(
    `POST /api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n`,
    '{"jwt":"eyJhbGciOiJIUzI1NiJ9',
  );
  // Node's own answer, before any handler could write one: no body, no code.
  expect(answer).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  const aborted = () =>
    gateway
      .output()
      .slice(since)
      .split("\n")
      .filter((line) => line.includes('"request aborted"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  await expect.poll(() => aborted().length, { timeout: 10_000 }).toBe(1);
  expect(aborted()[0]).toMatchObject({ method: "POST", path: "/api/status", bodyBytes: 28, declaredBytes: 4000 });
});
