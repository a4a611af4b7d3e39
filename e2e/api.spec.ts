// The gateway as `npm start` runs it, called over HTTP the way a merchant's server calls it.
import { expect, test } from "@playwright/test";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { cashier, type Merchant, signAsDemo } from "./support";

test("GET /api/health answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "up" });
});

test("a signed request to /api/status gets a signed 404 that verifies with the same secret", async ({ request }) => {
  const merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja E2E")) as Merchant;
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { id: "dep_unknown" } });
  const response = await request.post("/api/status", { data: { jwt } });
  expect(response.status()).toBe(404);
  const body = (await response.json()) as { jwt: string };
  const { payload, protectedHeader } = await jwtVerify(body.jwt, new TextEncoder().encode(merchant.secret));
  expect(protectedHeader).toMatchObject({ alg: "HS256", kid: merchant.keyId, typ: "cashier-response+jwt" });
  expect(payload).toMatchObject({ code: 404, data: { error: { type: "not_found" } } });
});

test("the demo merchant seeded by npm start can sign with npm run sign", async ({ request }) => {
  const jwt = signAsDemo({ reference: "pedido-1" });
  const response = await request.post("/api/status", { data: jwt, headers: { "content-type": "application/jwt" } });
  expect(response.status()).toBe(404);
  const body = (await response.json()) as { jwt: string };
  expect(decodeProtectedHeader(body.jwt).kid).toBe(decodeProtectedHeader(jwt).kid);
  const listed = JSON.parse(cashier("merchant", "list")) as { merchantId: string; mode: string }[];
  expect(listed.find((m) => m.merchantId === "mer_demo")).toMatchObject({ mode: "sandbox" });
});

test("a broken token gets a problem+json 4xx, never a 500", async ({ request }) => {
  const response = await request.post("/api/status", { data: { jwt: "not-a-token" } });
  expect(response.status()).toBe(400);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(await response.json()).toMatchObject({ code: "token_malformed", status: 400 });
});
