import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let lines: Record<string, unknown>[];
let server: http.Server;

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "info");
  vi.resetModules();
  lines = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    return true;
  });
  const { logAbortedRequest } = await import("./log-aborted-request");
  // A handler that reads the body, then answers slowly in two parts.
  server = http.createServer((request, response) => {
    logAbortedRequest(request, response);
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first part\n");
      setTimeout(() => response.end("second part\n"), 300);
    });
    request.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `text` on a raw socket and destroys it after `ms`, or once the first bytes of the answer came. */
function send(text: string, cut: { afterMs: number } | "on-answer"): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("error", () => undefined);
    socket.on("close", () => setTimeout(resolve, 50));
    if (cut === "on-answer") socket.once("data", () => socket.destroy());
    else setTimeout(() => socket.destroy(), cut.afterMs);
  });
}

describe("logAbortedRequest", () => {
  it("writes one line for a body cut off: what came of it, and no token or query", async () => {
    await send(
      "POST /pay/Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e?secret=x HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n" +
        "a".repeat(120),
      { afterMs: 100 },
    );
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "request aborted",
        method: "POST",
        path: "/pay/{token}",
        during: "request",
        bodyBytes: 120,
        declaredBytes: 1000,
      }),
    ]);
  });

  it("writes one line for an answer cut off, and none for one delivered", async () => {
    await send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n", "on-answer");
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request aborted",
        method: "GET",
        path: "/slow",
        during: "response",
        status: 200,
      }),
    ]);
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/whole`);
    expect(await answer.text()).toBe("first part\nsecond part\n");
    expect(lines).toHaveLength(1);
  });
});
