// Contract section 2, rule by rule, through a real route handler (POST /api/status) and a real
// database: each failure of the token gets its documented status and an actionable detail.
import { generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as status } from "@/app/api/status/route";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { revokeApiKey } from "@/lib/merchants/revoke-api-key";
import { createTestMerchant, post, postSigned, readProblem, readSigned, type TestMerchant } from "../support/api";

let merchant: TestMerchant;
const now = () => Math.floor(Date.now() / 1000);
const secretBytes = () => new TextEncoder().encode(merchant.secret);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function sendToken(jwt: string) {
  return post(status, JSON.stringify({ jwt }));
}

function claimsToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: merchant.keyId, ...header }).sign(secretBytes());
}

async function expectProblem(response: Response, statusCode: number, code: string, detail?: RegExp) {
  expect(response.status).toBe(statusCode);
  const body = await readProblem(response);
  expect(body.code).toBe(code);
  expect(body.type).toBe(`/docs/errors#${code}`);
  expect(body.detail.length).toBeGreaterThan(10);
  if (detail) expect(body.detail).toMatch(detail);
  expect(JSON.stringify(body)).not.toContain(merchant.secret);
  return body;
}

beforeAll(async () => {
  merchant = await createTestMerchant();
});

describe("a valid token", () => {
  it("gets a signed answer that verifies with the same secret", async () => {
    const response = await postSigned(status, merchant, { id: "dep_unknown" });
    expect(response.status).toBe(404);
    const { data, header } = await readSigned(response, merchant);
    expect(header.typ).toBe("cashier-response+jwt");
    expect(data.error).toMatchObject({
      type: "not_found",
      detail: 'no transaction with id "dep_unknown" for this merchant',
    });
  });

  it("is accepted as a bare application/jwt body", async () => {
    const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { id: "dep_x" } });
    const response = await post(status, jwt, { "content-type": "application/jwt" });
    expect(response.status).toBe(404);
    await readSigned(response, merchant);
  });

  it("is accepted when expired by less than the 30 s tolerance, and with iat up to 30 s ahead", async () => {
    const late = await claimsToken({ iat: now() - 80, exp: now() - 20, data: { id: "x" } });
    expect((await sendToken(late)).status).toBe(404);
    const early = await claimsToken({ iat: now() + 20, exp: now() + 80, data: { id: "x" } });
    expect((await sendToken(early)).status).toBe(404);
  });

  it("accepts iss equal to the merchant id and aud equal to the gateway's", async () => {
    const jwt = await claimsToken({
      iat: now(),
      exp: now() + 60,
      iss: merchant.merchantId,
      aud: "cashier",
      data: { id: "x" },
    });
    expect((await sendToken(jwt)).status).toBe(404);
  });
});

describe("failures of the token itself", () => {
  it("no token", async () => {
    await expectProblem(await post(status, ""), 400, "token_missing");
    await expectProblem(await post(status, "{}"), 400, "token_missing", /"jwt"/);
  });

  it("malformed token", async () => {
    await expectProblem(await sendToken("abc.def"), 400, "token_malformed", /three base64url parts/);
    await expectProblem(await sendToken("%%%.%%%.%%%"), 400, "token_malformed");
    await expectProblem(await post(status, "{not json"), 400, "token_malformed", /not valid JSON/);
    await expectProblem(await post(status, JSON.stringify({ jwt: 42 })), 400, "token_malformed");
  });

  it("alg none", async () => {
    const unsigned = `${b64({ alg: "none", kid: merchant.keyId })}.${b64({ iat: now(), exp: now() + 60, data: {} })}.`;
    await expectProblem(
      await sendToken(unsigned),
      401,
      "algorithm_not_allowed",
      /"none" is not allowed; sign with HS256/,
    );
  });

  it("HS512", async () => {
    const jwt = await new SignJWT({ data: {} })
      .setProtectedHeader({ alg: "HS512", kid: merchant.keyId })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(new TextEncoder().encode(merchant.secret.repeat(2)));
    await expectProblem(await sendToken(jwt), 401, "algorithm_not_allowed", /HS512/);
  });

  it("RS256", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const jwt = await new SignJWT({ data: {} })
      .setProtectedHeader({ alg: "RS256", kid: merchant.keyId })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(privateKey);
    await expectProblem(await sendToken(jwt), 401, "algorithm_not_allowed", /RS256/);
  });

  it("no kid, and an unknown kid", async () => {
    const noKid = await new SignJWT({ data: {} })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(secretBytes());
    await expectProblem(await sendToken(noKid), 401, "key_missing", /kid/);
    const unknown = await signRequestToken({ keyId: "mk_test_doesnotexist", secret: merchant.secret, data: {} });
    await expectProblem(await sendToken(unknown), 401, "key_unknown", /mk_test_doesnotexist/);
  });

  it("revoked kid stops working at once, while the merchant's other key still works", async () => {
    const other = await createTestMerchant();
    const { createApiKey } = await import("@/lib/merchants/create-api-key");
    const second = await createApiKey({ merchantId: other.merchantId });
    expect((await postSigned(status, other, { id: "x" })).status).toBe(404);
    await revokeApiKey(other.keyId);
    await expectProblem(
      await postSigned(status, other, { id: "x" }),
      401,
      "key_revoked",
      new RegExp(`${other.keyId} was revoked`),
    );
    expect((await postSigned(status, second, { id: "x" })).status).toBe(404);
  });

  it("wrong secret", async () => {
    const jwt = await signRequestToken({ keyId: merchant.keyId, secret: "x".repeat(43), data: {} });
    await expectProblem(
      await sendToken(jwt),
      401,
      "signature_invalid",
      new RegExp(`signature does not match key ${merchant.keyId}`),
    );
  });

  it("the secret base64-decoded instead of used as text", async () => {
    const jwt = await new SignJWT({ data: {} })
      .setProtectedHeader({ alg: "HS256", kid: merchant.keyId })
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(Buffer.from(merchant.secret, "base64url"));
    await expectProblem(
      await sendToken(jwt),
      401,
      "signature_invalid",
      /sign with that key's secret, used as the UTF-8 text shown when the key was created \(not base64-decoded\)$/,
    );
  });

  it("expired", async () => {
    const jwt = await claimsToken({ iat: now() - 200, exp: now() - 100, data: {} });
    await expectProblem(await sendToken(jwt), 401, "token_expired", /token expired 10\d s ago/);
  });

  it("exp - iat over 300 s", async () => {
    const jwt = await claimsToken({ iat: now(), exp: now() + 412, data: {} });
    await expectProblem(
      await sendToken(jwt),
      400,
      "token_lifetime_too_long",
      /exp is 412 s after iat; at most 300 s allowed/,
    );
  });

  it("iat and exp in milliseconds", async () => {
    const ms = Date.now();
    const both = await claimsToken({ iat: ms, exp: ms + 60_000, data: {} });
    await expectProblem(
      await sendToken(both),
      400,
      "claims_invalid",
      new RegExp(`^iat ${ms} looks like milliseconds; iat and exp are seconds since the epoch \\(divide by 1000\\)$`),
    );
    const expOnly = await claimsToken({ iat: now(), exp: ms + 60_000, data: {} });
    await expectProblem(await sendToken(expOnly), 400, "claims_invalid", /^exp \d+ looks like milliseconds/);
  });

  it("iat in the future beyond the tolerance", async () => {
    const jwt = await claimsToken({ iat: now() + 90, exp: now() + 150, data: {} });
    await expectProblem(await sendToken(jwt), 401, "token_not_yet_valid", /iat is (89|90|91) s in the future/);
  });

  it("iat or exp missing", async () => {
    await expectProblem(
      await sendToken(await claimsToken({ exp: now() + 60, data: {} })),
      400,
      "claims_invalid",
      /iat is required/,
    );
    await expectProblem(
      await sendToken(await claimsToken({ iat: now(), data: {} })),
      400,
      "claims_invalid",
      /exp is required/,
    );
  });

  it("data not an object", async () => {
    for (const [data, said] of [
      ["text", "a string"],
      [[1, 2], "an array"],
      [null, "null"],
      [7, "a number"],
    ] as const) {
      const jwt = await claimsToken({ iat: now(), exp: now() + 60, data });
      await expectProblem(
        await sendToken(jwt),
        400,
        "claims_invalid",
        new RegExp(`data must be an object; got ${said}`),
      );
    }
    await expectProblem(
      await sendToken(await claimsToken({ iat: now(), exp: now() + 60 })),
      400,
      "claims_invalid",
      /data is required/,
    );
  });

  it("jti replayed", async () => {
    const jwt = await signRequestToken({
      keyId: merchant.keyId,
      secret: merchant.secret,
      data: { id: "x" },
      jti: "order-1-attempt-1",
    });
    expect((await sendToken(jwt)).status).toBe(404);
    await expectProblem(await sendToken(jwt), 409, "jti_replayed", /"order-1-attempt-1" was already used/);
  });

  it("a 200 kB body", async () => {
    const big = JSON.stringify({ jwt: "a".repeat(200 * 1024) });
    await expectProblem(await post(status, big), 413, "body_too_large", /at most 65536 bytes/);
  });

  it("a response-typed token sent back as a request", async () => {
    const response = await postSigned(status, merchant, { id: "x" });
    const { jwt } = await readSigned(response, merchant);
    await expectProblem(await sendToken(jwt), 400, "token_type_not_allowed", /cashier-response\+jwt/);
  });

  it("iss of another merchant, aud of another service", async () => {
    const wrongIss = await claimsToken({ iat: now(), exp: now() + 60, iss: "mer_someoneelse", data: {} });
    await expectProblem(await sendToken(wrongIss), 401, "issuer_invalid", new RegExp(merchant.merchantId));
    const wrongAud = await claimsToken({ iat: now(), exp: now() + 60, aud: "another-gateway", data: {} });
    await expectProblem(await sendToken(wrongAud), 401, "audience_invalid", /"cashier"/);
  });

  it("NUL characters, which PostgreSQL cannot store, in the kid or in data", async () => {
    const badKid = await new SignJWT({ data: {} })
      .setProtectedHeader({ alg: "HS256", kid: "mk_test_\u0000" })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(secretBytes());
    await expectProblem(await sendToken(badKid), 401, "key_unknown");
    const badData = await claimsToken({ iat: now(), exp: now() + 60, data: { reference: "a\u0000b" } });
    await expectProblem(await sendToken(badData), 400, "claims_invalid", /NUL character/);
  });

  it("a content type other than JSON or JWT", async () => {
    await expectProblem(
      await post(status, "jwt=abc", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      "unsupported_media_type",
    );
  });
});
