// Property-based fuzzing of everything a merchant or a customer's browser can send the routes
// (issue 11): signed requests whose data mixes valid fields with hostile values (NUL, lone
// surrogates, control characters, deep nesting, wrong types, huge strings), hostile jti claims,
// unsigned garbage bodies, and Gateway In tokens. Each case reports its HTTP status and whether it
// wrote any row; the property is: never a 5xx, and nothing written for a refused request. Used by
// test/integration/fuzz.test.ts (a fixed seed, a few hundred cases) and `npm run fuzz`.
import fc from "fast-check";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { POST as gatewayOut } from "@/app/api/gateway-out/route";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { POST as pix } from "@/app/api/pix/route";
import { POST as status } from "@/app/api/status/route";
import { POST as transactions } from "@/app/api/transactions/route";
import { POST as events } from "@/app/api/events/route";
import { POST as resendEvent } from "@/app/api/events/resend/route";
import { POST as balance } from "@/app/api/balance/route";
import { getDb } from "@/lib/db/client";
import type { TestMerchant } from "./api";
import { customer } from "./customer";
import { checkAnswer } from "./documented-schemas";
import { expandNested, hostileText, hostileValue } from "./hostile-values";
import { signRawToken } from "./sign-raw-token";

/** A valid request per route, which the fuzzer then corrupts field by field. */
export const baseRequests = {
  "/api/pix": customer,
  "/api/payment-initiation": {
    ...customer,
    successRedirectUrl: "https://shop.example/ok",
    failedRedirectUrl: "https://shop.example/no",
  },
  "/api/gateway-out": { ...customer, paymentMethod: "pix", pix_key: "52998224725" },
  "/api/status": { id: "dep_unknown" },
  "/api/transactions": {
    type: "deposit",
    status: "paid",
    from: "2026-11-01",
    after: "mhx2k3b4.dep_unknown",
    limit: 10,
  },
  "/api/events": { status: "failed", type: "deposit.paid", transaction_id: "dep_unknown", limit: 10 },
  "/api/events/resend": { event_id: "evt_unknown" },
  "/api/balance": {},
  "/direct": { ...customer, amount: "10,50", return_url: "https://shop.example/caixa" },
} as const;

export type FuzzRoute = keyof typeof baseRequests;

const handlers = {
  "/api/pix": pix,
  "/api/payment-initiation": paymentInitiation,
  "/api/gateway-out": gatewayOut,
  "/api/status": status,
  "/api/transactions": transactions,
  "/api/events": events,
  "/api/events/resend": resendEvent,
  "/api/balance": balance,
};

/** The arbitrary's values one case in five, the usual value otherwise. */
const rarely = <T, U>(arbitrary: fc.Arbitrary<T>, usual: U): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary });

export type FuzzCase =
  | {
      kind: "signed";
      route: FuzzRoute;
      fields: Record<string, unknown>;
      extraKeys: Record<string, unknown>;
      jti: unknown;
      dataOverride: unknown;
    }
  | { kind: "garbage"; route: Exclude<FuzzRoute, "/direct">; body: string; contentType: string };

const signedCase = fc.constantFrom(...(Object.keys(baseRequests) as FuzzRoute[])).chain((route) =>
  fc.record({
    kind: fc.constant("signed" as const),
    route: fc.constant(route),
    // Which of the route's own fields are replaced, and by what.
    fields: fc.dictionary(fc.constantFrom(...Object.keys(baseRequests[route]), "reference"), hostileValue, {
      maxKeys: 4,
    }),
    extraKeys: rarely(fc.dictionary(hostileText, hostileValue, { minKeys: 1, maxKeys: 2 }), {}),
    jti: rarely(hostileValue, undefined),
    // Now and then the whole data claim is not an object at all.
    dataOverride: rarely(hostileValue, undefined),
  }),
);

const garbageCase = fc.record({
  kind: fc.constant("garbage" as const),
  route: fc.constantFrom("/api/pix", "/api/payment-initiation", "/api/gateway-out", "/api/status" as const),
  body: fc.oneof(
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? ""),
    hostileText.map((jwt) => JSON.stringify({ jwt })),
  ),
  contentType: fc.constantFrom(
    "application/json",
    "application/jwt",
    "text/plain",
    "multipart/form-data; boundary=x",
    "",
  ),
});

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { weight: 4, arbitrary: signedCase },
  { weight: 1, arbitrary: garbageCase },
);

let sequence = 0;

async function rowCounts(merchantId: string, keyId: string): Promise<{ business: number; jtis: number }> {
  const db = getDb();
  const [transactions, events, ledger, jtis] = await Promise.all([
    db.transaction.count({ where: { merchantId } }),
    db.callbackEvent.count({ where: { merchantId } }),
    db.ledgerEntry.count({ where: { merchantId } }),
    db.usedJti.count({ where: { keyId } }),
  ]);
  return { business: transactions + events + ledger, jtis };
}

/**
 * Sends one case; its status and how many rows it wrote that a refusal must not write: business
 * rows always, and the jti when the token itself was refused (a verified token's jti is used up
 * whatever the operation answers, as replay protection requires).
 */
export async function runFuzzCase(
  fuzz: FuzzCase,
  merchant: TestMerchant,
): Promise<{ status: number; rowsWritten: number }> {
  const before = await rowCounts(merchant.merchantId, merchant.keyId);
  let response: Response;
  if (fuzz.kind === "garbage") {
    const headers: Record<string, string> = fuzz.contentType ? { "content-type": fuzz.contentType } : {};
    response = await handlers[fuzz.route](
      new Request(`http://localhost${fuzz.route}`, { method: "POST", body: fuzz.body, headers }),
    );
  } else {
    const data =
      fuzz.dataOverride !== undefined
        ? fuzz.dataOverride
        : {
            ...baseRequests[fuzz.route],
            reference: `fuzz-${Date.now()}-${++sequence}`,
            ...fuzz.extraKeys,
            ...fuzz.fields,
          };
    const iat = Math.floor(Date.now() / 1000);
    // JSON.stringify keeps lone surrogates as \ud800 escapes: the token carries them as sent.
    const claimsJson = expandNested(
      JSON.stringify({ iat, exp: iat + 60, ...(fuzz.jti !== undefined ? { jti: fuzz.jti } : {}), data }),
    );
    const token = signRawToken({ keyId: merchant.keyId, secret: merchant.secret, claimsJson });
    if (fuzz.route === "/direct") {
      response = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
        params: Promise.resolve({ keyId: merchant.keyId, token }),
      });
    } else {
      response = await handlers[fuzz.route](
        new Request(`http://localhost${fuzz.route}`, {
          method: "POST",
          body: JSON.stringify({ jwt: token }),
          headers: { "content-type": "application/json" },
        }),
      );
    }
  }
  if (fuzz.route !== "/direct") await checkAnswer(fuzz.route, response);
  await response.arrayBuffer();
  const after = await rowCounts(merchant.merchantId, merchant.keyId);
  const isTokenRefusal =
    response.headers.get("content-type") === "application/problem+json" || fuzz.route === "/direct";
  // The sweep of expired jtis may delete rows meanwhile: only growth counts.
  const jtisWritten = Math.max(0, after.jtis - before.jtis);
  return {
    status: response.status,
    rowsWritten: after.business - before.business + (isTokenRefusal ? jtisWritten : 0),
  };
}
