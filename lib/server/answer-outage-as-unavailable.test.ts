import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let outageOpen = true;
vi.mock("../db/database-outage", () => ({ isDatabaseOutageOpen: () => outageOpen }));
const { answerOutageAsUnavailable } = await import("./answer-outage-as-unavailable");

let server: http.Server;
let base: string;

// Answers as Next.js writes them: headers set first, then the status, then the body.
beforeAll(async () => {
  server = http.createServer((request, response) => {
    answerOutageAsUnavailable(response);
    const isJson = request.url === "/json";
    response.setHeader("content-type", isJson ? "application/problem+json" : "text/html; charset=utf-8");
    response.statusCode = request.url === "/ok" ? 200 : 500;
    response.end(isJson ? '{"code":"internal_error"}' : "<h1>500</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a 500 during a database outage", () => {
  it("is a 503 with Retry-After when Next.js rendered it (a page, an action)", async () => {
    outageOpen = true;
    const answer = await fetch(`${base}/page`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
  });

  it("stays a 500 when a wrapper of the gateway wrote it in JSON: a defect, said so in its body", async () => {
    outageOpen = true;
    const answer = await fetch(`${base}/json`);
    expect(answer.status).toBe(500);
    expect(answer.headers.get("retry-after")).toBeNull();
  });

  it("stays a 500 outside an outage, and other statuses are left alone", async () => {
    outageOpen = false;
    expect((await fetch(`${base}/page`)).status).toBe(500);
    outageOpen = true;
    expect((await fetch(`${base}/ok`)).status).toBe(200);
  });
});
