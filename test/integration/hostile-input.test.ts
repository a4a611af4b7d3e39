// The review's reproducers that reach the route handlers (issue 11, "500s from bad input"), each
// by name: every one is a 4xx naming what was wrong, and nothing is written. Those that need the
// HTTP server itself (malformed paths, methods, page bodies) are in e2e/hostile-http.spec.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { POST as gatewayOut } from "@/app/api/gateway-out/route";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { POST as pix } from "@/app/api/pix/route";
import { POST as status } from "@/app/api/status/route";
import { getDb } from "@/lib/db/client";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { createTestMerchant, post, readProblem, type TestMerchant } from "../support/api";
import { claimsAround, signRawToken } from "../support/sign-raw-token";

let merchant: TestMerchant;

const rowCounts = async () => ({
  transactions: await getDb().transaction.count(),
  jtis: await getDb().usedJti.count(),
});

const endpoints = {
  "/api/pix": pix,
  "/api/payment-initiation": paymentInitiation,
  "/api/gateway-out": gatewayOut,
  "/api/status": status,
};

beforeAll(async () => {
  merchant = await createTestMerchant();
});

async function expectRefused(response: Response, detail: RegExp) {
  expect(response.status).toBe(400);
  const body = await readProblem(response);
  expect(body.code).toBe("claims_invalid");
  expect(body.detail).toMatch(detail);
}

describe("hostile input", () => {
  it.each(Object.entries(endpoints))(
    "a lone UTF-16 surrogate in a string field of %s is a 400 naming the field",
    async (_path, handler) => {
      const before = await rowCounts();
      const jwt = signRawToken({
        ...merchant,
        claimsJson: claimsAround('{"reference":"ref-\\ud800","name":"Maria","id":"\\udc00"}'),
      });
      await expectRefused(
        await post(handler, JSON.stringify({ jwt })),
        /^data\.(reference|id) must not contain a lone UTF-16 surrogate/,
      );
      expect(await rowCounts()).toEqual(before);
    },
  );

  it("a lone surrogate in a Gateway In token is the 401 page of a link that cannot be opened, and no deposit", async () => {
    const before = await rowCounts();
    const token = signRawToken({ ...merchant, claimsJson: claimsAround('{"reference":"x\\ud800"}') });
    const response = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
      params: Promise.resolve({ keyId: merchant.keyId, token }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await rowCounts()).toEqual(before);
  });

  it("data nested 5,000 levels deep is a 400, not a stack overflow", async () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const jwt = signRawToken({ ...merchant, claimsJson: claimsAround(deep) });
    await expectRefused(await post(pix, JSON.stringify({ jwt })), /must not nest deeper than 32 levels/);
  });

  it("a jti containing NUL is a 400 and is not stored", async () => {
    const before = await rowCounts();
    const jwt = await signRequestToken({
      keyId: merchant.keyId,
      secret: merchant.secret,
      data: { id: "dep_x" },
      jti: "abc\u0000def",
    });
    await expectRefused(await post(status, JSON.stringify({ jwt })), /^jti must not contain the NUL character/);
    expect(await rowCounts()).toEqual(before);
  });

  // No client reads this answer: it has gone, or Node answered it first (e2e/aborted-requests.spec.ts).
  it("a client aborting its body mid-stream is refused as body_incomplete, not a 500", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jwt":"eyJ'));
        controller.error(new Error("aborted"));
      },
    });
    const response = await status(
      new Request("http://localhost/api/status", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect(await readProblem(response)).toMatchObject({
      code: "body_incomplete",
      detail: expect.stringMatching(/ended after \d+ bytes, before it was complete/),
    });
  });
});
