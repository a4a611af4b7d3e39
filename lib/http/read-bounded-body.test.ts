import { describe, expect, it } from "vitest";
import { readBoundedBody } from "./read-bounded-body";

const LIMIT = 1024;

/** A body sent without a Content-Length, pulled chunk by chunk; `pulled` counts what was asked for. */
function streamed(next: (pull: number) => Uint8Array | Error | null) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = next(counter.pulled++);
        if (chunk === null) controller.close();
        else if (chunk instanceof Error) controller.error(chunk);
        else controller.enqueue(chunk);
      },
    },
    // Nothing pulled ahead of a read.
    { highWaterMark: 0 },
  );
  const request = new Request("http://127.0.0.1/x", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, counter };
}

describe("readBoundedBody", () => {
  it("refuses a declared Content-Length over the limit before reading a byte", async () => {
    const { request, counter } = streamed(() => new Uint8Array(LIMIT + 1));
    request.headers.set("content-length", String(LIMIT + 1));
    expect(await readBoundedBody(request, LIMIT)).toEqual({ ok: false, reason: "too_large", declared: LIMIT + 1 });
    expect(counter.pulled).toBe(0);
  });

  it("cuts off an endless body sent without a Content-Length once it passes the limit", async () => {
    const { request, counter } = streamed(() => new Uint8Array(100).fill(97));
    expect(await readBoundedBody(request, LIMIT)).toEqual({ ok: false, reason: "too_large", declared: null });
    expect(counter.pulled).toBeLessThan(LIMIT / 100 + 5);
  });

  it("reads a body of exactly the limit, whole and in order, across chunks", async () => {
    const { request } = streamed((pull) => (pull < 4 ? new Uint8Array(LIMIT / 4).fill(pull) : null));
    const body = await readBoundedBody(request, LIMIT);
    expect(body.ok && [...new Set(body.bytes)]).toEqual([0, 1, 2, 3]);
    expect(body.ok && body.bytes.byteLength).toBe(LIMIT);
    expect(await readBoundedBody(new Request("http://127.0.0.1/x", { method: "POST", body: "é" }), 2)).toEqual({
      ok: true,
      bytes: new TextEncoder().encode("é"),
    });
  });

  it("reads no body, or an empty one, as no bytes", async () => {
    expect(await readBoundedBody(new Request("http://127.0.0.1/x"), LIMIT)).toEqual({
      ok: true,
      bytes: new Uint8Array(0),
    });
    expect(await readBoundedBody(new Request("http://127.0.0.1/x", { method: "POST", body: "" }), LIMIT)).toEqual({
      ok: true,
      bytes: new Uint8Array(0),
    });
  });

  it("says how much came before a body that broke off", async () => {
    const { request } = streamed((pull) => (pull === 0 ? new Uint8Array(10) : new Error("socket hang up")));
    expect(await readBoundedBody(request, LIMIT)).toEqual({ ok: false, reason: "incomplete", received: 10 });
  });
});
