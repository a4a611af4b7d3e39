// POST /api/pix through the real route handler and database: validation, idempotency, the BR Code
// a bank app reads, expiry, and the sandbox payment that reaches the merchant as a callback.
import { jwtVerify } from "jose";
import { hasError, parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: status } = await import("@/app/api/status/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction, listTransactionEvents } = await import("@/lib/db/transactions");
const { expireDueDeposits } = await import("@/lib/deposits/expire-due-deposits");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { decodeQrDataUri } = await import("../support/decode-qr");
const { runTool } = await import("../support/run-tool");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let merchant: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sequence = 0;

const valid = () => ({
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "10.50",
  currency: "BRL",
  reference: `pedido-${Date.now()}-${++sequence}`,
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
  phone: "(11)987654321",
  brand: "Loja Azul",
});

async function createPix(data: Record<string, unknown>, who: Merchant = merchant) {
  const response = await postSigned(pix, who, data);
  return { response, ...(await readSigned(response, who)) };
}

async function expectInvalid(data: Record<string, unknown>, field: string, message: RegExp) {
  const { response, data: answer } = await createPix(data);
  expect(response.status).toBe(422);
  const error = answer.error as { type: string; detail: string; fields: { path: string; message: string }[] };
  expect(error.type).toBe("validation_failed");
  expect(error.fields).toContainEqual({ path: field, message: expect.stringMatching(message) });
  expect(error.detail).toContain(`${field}: `);
}

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
});

afterAll(() => receiver.close());

describe("POST /api/pix", () => {
  it("creates a pending deposit and answers 201 with the spec's fields", async () => {
    const request = valid();
    const { response, data } = await createPix(request);
    expect(response.status).toBe(201);
    // The spec's six fields, then whether the QR can be paid and until when.
    expect(Object.keys(data).sort()).toEqual([
      "amount",
      "currency",
      "expires_at",
      "id",
      "qrCodeImage",
      "qrCodeText",
      "reference",
      "status",
    ]);
    expect(data).toMatchObject({ currency: "BRL", amount: 10.5, reference: request.reference, status: "pending" });
    expect(data.id).toMatch(/^dep_[a-z0-9]{20}$/);
    expect(data.qrCodeImage).toMatch(/^data:image\/png;base64,/);

    const stored = await findTransaction(getDb(), data.id as string);
    expect(stored).toMatchObject({
      merchantId: merchant.merchantId,
      operation: "pix",
      status: "pending",
      amountCents: 1050n,
      currency: "BRL",
      merchantUser: "cliente-42",
      customerCpf: "52998224725",
      invalidFields: [],
      buyerIp: "203.0.113.9",
      pixCode: data.qrCodeText,
      provider: "sandbox",
    });
    expect(stored?.pixTxid).toMatch(/^[A-Z0-9]{25}$/);
    const lifetime = (stored!.expiresAt!.getTime() - stored!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeGreaterThan(1795);
    expect(lifetime).toBeLessThan(1805);
    expect(data.expires_at).toBe(stored!.expiresAt!.toISOString());
    expect(await listTransactionEvents(getDb(), stored!.id)).toMatchObject([
      { fromStatus: null, toStatus: "pending", actor: "merchant" },
    ]);
  });

  it("returns a BR Code that another decoder reads with the amount and txid, and an image that decodes to it", async () => {
    const { data } = await createPix({ ...valid(), amount: "1234,56" });
    const stored = await findTransaction(getDb(), data.id as string);
    const parsed = parsePix(data.qrCodeText as string);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      countryCode: "BR",
      merchantName: "Cashier Sandbox",
      merchantCity: "Sao Paulo",
      transactionAmount: 1234.56,
      txid: stored?.pixTxid,
    });
    expect(decodeQrDataUri(data.qrCodeImage as string)).toBe(data.qrCodeText);
    expect(data.amount).toBe(1234.56);
  });

  it("gives every deposit its own txid", async () => {
    const first = await createPix(valid());
    const second = await createPix(valid());
    expect(first.data.qrCodeText).not.toBe(second.data.qrCodeText);
  });

  it("accepts blank or invalid name, email and cpf, and flags them for the hosted form", async () => {
    for (const [customer, flagged] of [
      [{ name: "", email: "", cpf: "" }, ["name", "email", "cpf"]],
      [{ name: "M", email: "maria@", cpf: "111.111.111-11" }, ["name", "email", "cpf"]],
      [{ name: "Maria", email: "maria@example.com", cpf: "123.456.789-00" }, ["cpf"]],
      [{ name: undefined, email: 42, cpf: "52998224725" }, ["name", "email"]],
    ] as const) {
      const { response, data } = await createPix({ ...valid(), ...customer });
      expect(response.status).toBe(201);
      expect((await findTransaction(getDb(), data.id as string))?.invalidFields).toEqual(flagged);
    }
  });

  it("takes a whole amount of 1000 or more as reais, and warns that amounts are not centavos", async () => {
    for (const amount of [1050, "1050"]) {
      const { response, data } = await createPix({ ...valid(), amount });
      expect(response.status).toBe(201);
      expect(data.warnings).toEqual([
        `amount ${amount} was read as 1050.00 reais; amounts are in reais, not centavos (send "10.50" for 1050 centavos)`,
      ]);
      expect((await findTransaction(getDb(), data.id as string))?.amountCents).toBe(105000n);
    }
    for (const amount of ["1050.00", 999, "10.50"]) {
      const { response, data } = await createPix({ ...valid(), amount });
      expect(response.status).toBe(201);
      expect(data).not.toHaveProperty("warnings");
    }
  });

  it("takes currency as BRL when absent", async () => {
    const request: Record<string, unknown> = valid();
    delete request.currency;
    const { response, data } = await createPix(request);
    expect(response.status).toBe(201);
    expect(data.currency).toBe("BRL");
  });

  it.each([
    ["country", "AR", /must be BR/],
    ["country", undefined, /must be BR/],
    ["currency", "USD", /must be BRL/],
    ["amount", "1.234,56", /thousands separator/],
    ["amount", "10.505", /more than two decimals/],
    ["amount", 0, /greater than zero/],
    ["amount", -1, /greater than zero/],
    ["amount", "abc", /is not an amount/],
    ["amount", undefined, /is required/],
    ["amount", "100000.01", /must be at most 100000.00/],
    ["phone", "(11)".padEnd(46, "9"), /at most 45 characters/],
    ["buyer_ip", "999.1.1.1", /IPv4 or IPv6/],
    ["buyer_ip", undefined, /IPv4 or IPv6|expected/],
    ["reference", undefined, /must be a string|is required/],
    ["reference", "   ", /is required/],
    ["merchant_user", undefined, /must be a string|is required/],
  ])("refuses %s = %j with a signed 422 naming it", async (field, value, message) => {
    const request: Record<string, unknown> = valid();
    if (value === undefined) delete request[field];
    else request[field] = value;
    await expectInvalid(request, field, message);
  });

  it("names every invalid field at once, and stores nothing", async () => {
    const before = await getDb().transaction.count();
    const { response, data } = await createPix({ ...valid(), country: "US", amount: "abc", buyer_ip: "x" });
    expect(response.status).toBe(422);
    const fields = (data.error as { fields: { path: string }[] }).fields.map((f) => f.path).sort();
    expect(fields).toEqual(["amount", "buyer_ip", "country"]);
    expect(await getDb().transaction.count()).toBe(before);
  });

  it("accepts a 45-character phone and an IPv6 buyer_ip", async () => {
    const { response } = await createPix({ ...valid(), phone: "(11)".padEnd(45, "9"), buyer_ip: "2001:db8::1" });
    expect(response.status).toBe(201);
  });

  it("accepts an IPv4-mapped IPv6 buyer_ip, as a proxy in front of the shop reports it", async () => {
    const { response } = await createPix({ ...valid(), buyer_ip: "::ffff:203.0.113.7" });
    expect(response.status).toBe(201);
  });
});

describe("idempotency on reference", () => {
  it("answers the same request again with 200 and the original answer; other data with 409", async () => {
    const request = valid();
    const first = await createPix(request);
    const again = await createPix({ ...request, amount: 10.5, cpf: "52998224725" });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);

    const conflict = await createPix({ ...request, amount: "11.00" });
    expect(conflict.response.status).toBe(409);
    expect(conflict.data.error).toMatchObject({ type: "reference_conflict" });
    expect((conflict.data.error as { detail: string }).detail).toContain(first.data.id as string);
  });

  it("creates one deposit from 50 concurrent identical requests", async () => {
    const request = valid();
    const answers = await Promise.all(Array.from({ length: 50 }, () => createPix(request)));
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.data.qrCodeText)).size).toBe(1);
    expect(
      await getDb().transaction.count({ where: { merchantId: merchant.merchantId, reference: request.reference } }),
    ).toBe(1);
  });

  it("keeps references apart per merchant", async () => {
    const other = await createTestMerchant({ name: "Outra" });
    const request = valid();
    const mine = await createPix(request);
    const theirs = await createPix(request, other);
    expect(theirs.response.status).toBe(201);
    expect(theirs.data.id).not.toBe(mine.data.id);
  });
});

describe("lifecycle", () => {
  it("a sandbox payment from the command line sends a verified deposit.paid callback", async () => {
    const request = valid();
    const { data } = await createPix(request);
    const before = await getMerchantBalance(merchant.merchantId);
    const paid = await runTool("cashier", ["deposit", "pay", data.id as string]);
    expect(paid.stderr).toBe("");
    expect(JSON.parse(paid.stdout)).toMatchObject({ id: data.id, status: "paid" });

    receiver.received.length = 0;
    await runCallbackWorker({ isOnce: true });
    const callback = receiver.received.find((r) => r.data.id === data.id);
    expect(callback).toBeDefined();
    const { payload, protectedHeader } = await jwtVerify(callback!.jwt, new TextEncoder().encode(merchant.secret), {
      algorithms: ["HS256"],
    });
    expect(protectedHeader).toMatchObject({ kid: merchant.keyId, typ: "cashier-callback+jwt" });
    expect(payload.data).toMatchObject({
      type: "deposit.paid",
      id: data.id,
      reference: request.reference,
      merchant_user: "cliente-42",
      amount: "10.50",
      currency: "BRL",
      status: "paid",
    });

    const after = await getMerchantBalance(merchant.merchantId);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(10.5, 2);

    const byReference = await readSigned(
      await postSigned(status, merchant, { reference: request.reference }),
      merchant,
    );
    expect(byReference.data).toMatchObject({ id: data.id, operation: "pix", status: "paid", amount: "10.50" });
    expect(await listTransactionEvents(getDb(), data.id as string)).toMatchObject([
      { toStatus: "pending", actor: "merchant" },
      { fromStatus: "pending", toStatus: "paid", actor: "provider" },
    ]);

    const twice = await runTool("cashier", ["deposit", "pay", data.id as string]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already paid; it cannot be paid/);
  });

  it("expires after PIX_EXPIRATION_SECONDS with a deposit.expired callback saying why, and cannot be paid then", async () => {
    const request = valid();
    const { data } = await createPix(request);
    expect(await expireDueDeposits(new Date(Date.now() + 1700 * 1000))).toBe(0);
    expect(await expireDueDeposits(new Date(Date.now() + 1801 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await findTransaction(getDb(), data.id as string)).toMatchObject({ status: "expired" });

    receiver.received.length = 0;
    await runCallbackWorker({ isOnce: true });
    const callback = receiver.received.find((r) => r.data.id === data.id);
    const { payload } = await jwtVerify(callback!.jwt, new TextEncoder().encode(merchant.secret), {
      algorithms: ["HS256"],
      typ: "cashier-callback+jwt",
    });
    const why = { reason_code: "expired", reason: "not paid before its deadline" };
    expect(payload.data).toMatchObject({ type: "deposit.expired", status: "expired", ...why });
    const byId = await readSigned(await postSigned(status, merchant, { id: data.id }), merchant);
    expect(byId.data).toMatchObject({ id: data.id, status: "expired", ...why });

    // The merchant's retry of the same request: the same QR, which says it can no longer be paid.
    const replay = await createPix(request);
    expect(replay.response.status).toBe(200);
    expect(replay.data).toEqual({ ...data, status: "expired" });
    expect(replay.data.expires_at).toBe(data.expires_at);

    const refused = await runTool("cashier", ["deposit", "pay", data.id as string]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already expired/);
  });

  it("refuses to pay an unknown deposit by hand", async () => {
    expect((await runTool("cashier", ["deposit", "pay", "dep_nothing"])).stderr).toMatch(/no deposit dep_nothing/);
  });
});
