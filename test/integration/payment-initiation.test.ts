// POST /api/payment-initiation and the hosted payment's domain steps, against a real database.
import { createHash } from "node:crypto";
import { parsePix } from "pix-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { findCallbackEvent, listCallbackEvents } from "@/lib/db/callback-events";
import { getDb } from "@/lib/db/client";
import { findTransaction } from "@/lib/db/transactions";
import { answerSandboxBank } from "@/lib/initiations/answer-sandbox-bank";
import { findHostedPayment, merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { paySandboxDeposit } from "@/lib/deposits/pay-sandbox-deposit";
import { submitCustomerDetails } from "@/lib/deposits/submit-customer-details";
import { switchToPix } from "@/lib/deposits/switch-to-pix";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";
import { decideAtSandboxBank, openSandboxBankAttempt } from "../support/sandbox-bank";

let merchant: TestMerchant;
let sequence = 0;

const valid = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "10.50",
  reference: `pi-${Date.now()}-${++sequence}`,
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
  successRedirectUrl: "https://shop.example/pedido/ok",
  failedRedirectUrl: "https://shop.example/pedido/falhou",
  ...extra,
});

async function send(data: Record<string, unknown>, who: TestMerchant = merchant) {
  const response = await postSigned(paymentInitiation, who, data);
  return { response, ...(await readSigned(response, who)) };
}

const tokenOf = (url: unknown) => String(url).split("/pay/")[1];

beforeAll(async () => {
  merchant = await createTestMerchant({ redirectOrigins: ["https://shop.example"] });
});

describe("POST /api/payment-initiation", () => {
  it("answers 201 with the amount as a decimal-comma string and an unguessable payment URL", async () => {
    const request = valid();
    const { response, data } = await send(request);
    expect(response.status).toBe(201);
    expect(Object.keys(data).sort()).toEqual(["amount", "currency", "id", "paymentInitiationUrl", "reference"]);
    expect(data).toMatchObject({ currency: "BRL", amount: "10,50", reference: request.reference });
    expect(data.paymentInitiationUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{32}$/);
    const stored = await findTransaction(getDb(), data.id as string);
    expect(stored).toMatchObject({
      operation: "payment_initiation",
      status: "pending",
      amountCents: 1050n,
      successRedirectUrl: "https://shop.example/pedido/ok",
      failedRedirectUrl: "https://shop.example/pedido/falhou",
    });
    expect((stored!.expiresAt!.getTime() - stored!.createdAt.getTime()) / 1000).toBeCloseTo(1800, -1);
  });

  it("stores the payment URL's token only as its SHA-256 and sealed, and finds the payment by the hash", async () => {
    const { data } = await send(valid());
    const token = tokenOf(data.paymentInitiationUrl);
    const row = await getDb().transaction.findUniqueOrThrow({ where: { id: data.id as string } });
    expect(
      JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain(token);
    expect(row.payTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.payTokenSealed).toMatch(/^v2\.[0-9a-f]{16}\./);
    expect((await findHostedPayment(token))?.deposit.id).toBe(data.id);
    // What the database holds opens nothing: neither the hash nor the sealed token is an address.
    expect(await findHostedPayment(row.payTokenHash!)).toBeNull();
    expect(await findHostedPayment(row.payTokenSealed!)).toBeNull();
  });

  it("gives each payment its own URL, and the same URL to a replay", async () => {
    const request = valid();
    const first = await send(request);
    const replay = await send({ ...request });
    expect(replay.response.status).toBe(200);
    expect(replay.data).toEqual(first.data);
    expect((await send(valid())).data.paymentInitiationUrl).not.toBe(first.data.paymentInitiationUrl);
    expect((await send({ ...request, failedRedirectUrl: "https://shop.example/outra" })).response.status).toBe(409);
  });

  it.each([
    ["successRedirectUrl", { successRedirectUrl: undefined }, /is required/],
    ["failedRedirectUrl", { failedRedirectUrl: "" }, /is required/],
    ["successRedirectUrl", { successRedirectUrl: "/ok" }, /absolute URL/],
    ["failedRedirectUrl", { failedRedirectUrl: "http://shop.example/falhou" }, /must use https/],
    [
      "successRedirectUrl",
      { successRedirectUrl: "https://evil.example/ok" },
      /registered origins \(https:\/\/shop.example\), not https:\/\/evil.example/,
    ],
    ["country", { country: "US" }, /must be BR/],
    ["amount", { amount: "10,505" }, /more than two decimals/],
  ])("refuses %s with a signed 422 naming it", async (field, extra, message) => {
    const request = valid(extra);
    for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key];
    const { response, data } = await send(request);
    expect(response.status).toBe(422);
    expect((data.error as { fields: unknown[] }).fields).toContainEqual({
      path: field,
      message: expect.stringMatching(message),
    });
  });

  it("accepts http on localhost outside production when the merchant registered no origins", async () => {
    const open = await createTestMerchant({ name: "Sem origens" });
    const { response } = await send(
      valid({ successRedirectUrl: "http://localhost:4000/ok", failedRedirectUrl: "http://127.0.0.1:4000/no" }),
      open,
    );
    expect(response.status).toBe(201);
  });
});

describe("the hosted payment", () => {
  it("keeps valid details locked, takes corrections only for flagged ones, and pays with a deposit.paid callback", async () => {
    const { data } = await send(valid({ cpf: "123.456.789-00", email: "" }));
    const token = tokenOf(data.paymentInitiationUrl);
    expect((await findHostedPayment(token))?.deposit.invalidFields).toEqual(["email", "cpf"]);

    await expect(decideAtSandboxBank({ token, bank: "nubank", decision: "authorize" })).rejects.toThrow(/not complete/);
    expect(await submitCustomerDetails(token, { email: "maria@example.com", cpf: "111.111.111-11" })).toEqual({
      ok: false,
      invalid: ["cpf"],
    });
    expect(
      await submitCustomerDetails(token, { name: "Someone Else", email: "maria@example.com", cpf: "529.982.247-25" }),
    ).toEqual({ ok: true });
    const corrected = await findTransaction(getDb(), data.id as string);
    expect(corrected).toMatchObject({
      customerName: "Maria da Silva",
      customerEmail: "maria@example.com",
      customerCpf: "52998224725",
      invalidFields: [],
    });

    const attempt = await openSandboxBankAttempt(token, "nubank");
    expect(await answerSandboxBank({ token, initiationId: attempt, decision: "authorize" })).toBe("paid");
    expect(await findTransaction(getDb(), data.id as string)).toMatchObject({ status: "paid", bankCode: "260" });
    const [event] = (await listCallbackEvents(getDb(), { limit: 50 })).filter((e) => e.payload.id === data.id);
    expect(await findCallbackEvent(getDb(), event.id)).toMatchObject({ type: "deposit.paid" });
    expect(await findHostedPayment(token)).toMatchObject({ state: "paid" });
    // A second answer changes nothing, and the paid payment starts at no bank again.
    expect(await answerSandboxBank({ token, initiationId: attempt, decision: "decline" })).toBe("pending");
    await expect(decideAtSandboxBank({ token, bank: "nubank", decision: "decline" })).rejects.toThrow(/has ended/);
  });

  it("declining fails the attempt and leaves the deposit open, with no callback", async () => {
    const { data } = await send(valid());
    const token = tokenOf(data.paymentInitiationUrl);
    expect(await decideAtSandboxBank({ token, bank: "caixa", decision: "decline" })).toBe("failed");
    expect(await findTransaction(getDb(), data.id as string)).toMatchObject({ status: "pending" });
    const events = (await listCallbackEvents(getDb(), { limit: 50 })).filter((e) => e.payload.id === data.id);
    expect(events).toEqual([]);
  });

  it("pays the same order by Pix instead of a bank, once the payer's details are complete", async () => {
    const { data } = await send(valid({ cpf: "" }));
    const token = tokenOf(data.paymentInitiationUrl);
    expect(await switchToPix(token)).toEqual({ ok: false, invalid: ["paymentMethod"] });
    await submitCustomerDetails(token, { cpf: "529.982.247-25" });
    expect(await switchToPix(token)).toEqual({ ok: true, next: { kind: "pix" } });
    const deposit = await findTransaction(getDb(), data.id as string);
    expect(deposit).toMatchObject({ paymentMethod: "pix", amountCents: 1050n, status: "pending" });
    expect(parsePix(deposit?.pixCode as string)).toMatchObject({ transactionAmount: 10.5, txid: deposit?.pixTxid });
    // The Pix pays it now: the sandbox bank no longer can, the Pix does, and the customer returns to the shop.
    await expect(decideAtSandboxBank({ token, bank: "caixa", decision: "authorize" })).rejects.toThrow(/paid by Pix/);
    await paySandboxDeposit(data.id as string);
    const paid = await findHostedPayment(token);
    expect(paid).toMatchObject({ state: "paid" });
    expect(merchantReturnUrl(paid!)).toBe("https://shop.example/pedido/ok");
    const events = (await listCallbackEvents(getDb(), { limit: 50 })).filter((e) => e.payload.id === data.id);
    expect(events.map((e) => e.type)).toEqual(["deposit.paid"]);
  });

  it("an expired link cannot be paid", async () => {
    const { data } = await send(valid());
    const token = tokenOf(data.paymentInitiationUrl);
    expect(await findHostedPayment(token, new Date(Date.now() + 1801 * 1000))).toMatchObject({ state: "expired" });
    expect(await findHostedPayment("not-a-real-token-at-all")).toBeNull();
  });
});
