// GET /direct/{keyId}/{token} through the real route handler and database.
import { hasError, parsePix } from "pix-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { getDb } from "@/lib/db/client";
import { chooseCheckoutPayment } from "@/lib/deposits/choose-checkout-payment";
import { paySandboxDeposit } from "@/lib/deposits/pay-sandbox-deposit";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { switchToPix } from "@/lib/deposits/switch-to-pix";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { createTestMerchant, type TestMerchant } from "../support/api";
import { decideAtSandboxBank } from "../support/sandbox-bank";

let merchant: TestMerchant;
let sequence = 0;

const valid = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "149,90",
  currency: "BRL",
  reference: `gi-${Date.now()}-${++sequence}`,
  merchant_user: "cliente-42",
  country: "BR",
  return_url: "https://shop.example/caixa",
  ...extra,
});

async function open(
  data: Record<string, unknown>,
  options: { keyId?: string; secret?: string; now?: Date; lang?: string; acceptLanguage?: string } = {},
) {
  const token = await signRequestToken({
    keyId: merchant.keyId,
    secret: options.secret ?? merchant.secret,
    data,
    now: options.now,
  });
  const keyId = options.keyId ?? merchant.keyId;
  const url = `http://localhost/direct/${keyId}/${token}${options.lang ? `?lang=${options.lang}` : ""}`;
  const headers = options.acceptLanguage ? { "accept-language": options.acceptLanguage } : undefined;
  return direct(new Request(url, { headers }), { params: Promise.resolve({ keyId, token }) });
}

const payTokenOf = (response: Response) =>
  (response.headers.get("location") ?? "").replace(/^\/pay\//, "").replace(/\?.*$/, "");

beforeAll(async () => {
  merchant = await createTestMerchant({ redirectOrigins: ["https://shop.example"] });
});

describe("GET /direct/{keyId}/{token}", () => {
  it("creates the deposit and sends the customer to its hosted page; opening it again does not create another", async () => {
    const request = valid();
    const first = await open(request);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);
    const again = await open({ ...request });
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(
      await getDb().transaction.count({
        where: { merchantId: merchant.merchantId, reference: request.reference as string },
      }),
    ).toBe(1);

    const payment = await findHostedPayment(payTokenOf(first));
    expect(payment?.deposit).toMatchObject({
      operation: "gateway_in",
      status: "pending",
      amountCents: 14990n,
      amountEditable: false,
      customerCpf: "52998224725",
      invalidFields: [],
      returnUrl: "https://shop.example/caixa",
      paymentMethod: null,
    });
  });

  it("answers a reference already used with other data with a 409 page", async () => {
    const request = valid();
    await open(request);
    const response = await open({ ...request, amount: "1,00" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Este pedido já foi aberto com outros dados");
  });

  it("keeps ?lang=en on the way to the hosted page", async () => {
    const response = await open(valid(), { lang: "en" });
    expect(response.headers.get("location")).toMatch(/\?lang=en$/);
  });

  it.each([
    ["an expired token", { now: new Date(Date.now() - 10 * 60 * 1000) }],
    ["a token signed with another secret", { secret: "x".repeat(43) }],
    ["a key id in the address that is not the token's", { keyId: "mk_test_somebodyelse" }],
  ])("answers %s with a 401 page in Portuguese that sends the customer back", async (_case, options) => {
    const response = await open(valid(), options);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Não foi possível abrir o pagamento");
    expect(html).toContain("Volte para a loja");
    expect(html).not.toContain(merchant.secret);
  });

  it.each([
    ["not a JWT at all", "not-a-token"],
    ["a JWT cut short", "eyJhbGciOiJIUzI1NiJ9.eyJkYXRhIjp7fX0"],
    ["a JWT whose parts are not base64url", "a.b.c"],
  ])("answers a malformed token, %s, with the same 401 page as a forged one", async (_case, token) => {
    const keyId = merchant.keyId;
    const response = await direct(new Request(`http://localhost/direct/${keyId}/${token}`), {
      params: Promise.resolve({ keyId, token }),
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Não foi possível abrir o pagamento");
    expect(html).toContain("expirou ou não é válido");
  });

  it.each([
    ["cpf", { cpf: "123.456.789-00" }, "CPF"],
    ["paymentMethod", { paymentMethod: "nubank" }, "Forma de pagamento"],
    ["return_url", { return_url: "http://shop.example/caixa" }, "Endereço de retorno da loja"],
    ["return_url", { return_url: "https://evil.example/caixa" }, "Endereço de retorno da loja"],
    ["name", { name: "" }, "Nome"],
    ["email", { email: "maria@" }, "E-mail"],
    ["currency", { currency: "USD" }, "Moeda"],
    ["country", { country: "AR" }, "País"],
  ])("answers invalid %s with a 422 page that lists it", async (field, extra, label) => {
    const response = await open(valid(extra));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("A loja enviou dados que não podem ser aceitos");
    // The field once, in the customer's words; the developer's reason folded under the code.
    expect(html.match(new RegExp(`<li>${label}: `, "g"))).toHaveLength(1);
    expect(html).toContain(`${field}: `);
  });

  it("names the shop on a failure page, and leads back to return_url only when the merchant signed it", async () => {
    const expired = await (await open(valid(), { now: new Date(Date.now() - 10 * 60 * 1000) })).text();
    expect(expired).toContain('data-testid="merchant-name">Loja');
    expect(expired).toMatch(/<a href="https:\/\/shop\.example\/caixa"[^>]*>Voltar para a loja<\/a>/);
    const forged = await (await open(valid(), { secret: "another-secret-another-secret-00" })).text();
    expect(forged).toContain('data-testid="merchant-name">');
    expect(forged).not.toContain("shop.example");
  });

  it("sends a link with nothing left to choose straight to its QR, with the charge issued", async () => {
    const response = await open(valid({ paymentMethod: "pix" }));
    expect(response.headers.get("location")).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}\/pix$/);
    const payment = await findHostedPayment(payTokenOf(response).replace(/\/pix$/, ""));
    expect(payment?.deposit.pixCode).toMatch(/^000201/);
    const bank = await open(valid({ paymentMethod: "santander" }));
    expect(bank.headers.get("location")).toMatch(/\/autorizar\?banco=santander$/);
  });

  it("speaks English to a browser that prefers it", async () => {
    const html = await (await open(valid({ cpf: "1" }), { acceptLanguage: "en-US,en;q=0.9" })).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("The shop sent details that cannot be accepted");
  });

  it("lets the customer type an absent amount, then issues the BR Code for it", async () => {
    const request = valid({ paymentMethod: "pix" });
    delete request.amount;
    const token = payTokenOf(await open(request));
    expect((await findHostedPayment(token))?.deposit).toMatchObject({
      amountEditable: true,
      amountCents: 0n,
      paymentMethod: "pix",
    });
    expect(await chooseCheckoutPayment(token, { amount: "abc" })).toEqual({ ok: false, invalid: ["amount"] });
    expect(await chooseCheckoutPayment(token, { amount: "0" })).toEqual({ ok: false, invalid: ["amount"] });
    // A locked method stays as the merchant sent it, whatever the form says.
    expect(await chooseCheckoutPayment(token, { amount: "50,00", paymentMethod: "bradesco" })).toEqual({
      ok: true,
      next: { kind: "pix" },
    });
    const { deposit } = (await findHostedPayment(token))!;
    expect(deposit).toMatchObject({ amountEditable: false, amountCents: 5000n, paymentMethod: "pix" });
    const parsed = parsePix(deposit.pixCode as string);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ transactionAmount: 50, txid: deposit.pixTxid });
  });

  it("pays only with the method the form settled on, and not before the amount is chosen", async () => {
    const request = valid({ paymentMethod: "pix" });
    delete request.amount;
    const token = payTokenOf(await open(request));
    const { deposit } = (await findHostedPayment(token))!;
    await expect(paySandboxDeposit(deposit.id)).rejects.toThrow(/no amount yet/);
    await expect(decideAtSandboxBank({ token, bank: "caixa", decision: "authorize" })).rejects.toThrow(
      /amount has not been chosen/,
    );
    await chooseCheckoutPayment(token, { amount: "10,00" });
    await expect(decideAtSandboxBank({ token, bank: "caixa", decision: "authorize" })).rejects.toThrow(/paid by Pix/);
    // The BR Code carries R$ 10,00: another amount afterwards is refused as fixed, never taken in silence.
    expect(await chooseCheckoutPayment(token, { amount: "1000,00" })).toEqual({
      ok: false,
      invalid: ["amount"],
      fixed: true,
    });
    expect(await chooseCheckoutPayment(token, { amount: "10,00" })).toEqual({ ok: true, next: { kind: "pix" } });
    expect((await findHostedPayment(token))?.deposit.amountCents).toBe(1000n);
  });

  it("keeps an open amount and method the customer's after a bank choice, until a Pix charge fixes them", async () => {
    const request = valid();
    delete request.amount;
    const token = payTokenOf(await open(request));
    expect((await findHostedPayment(token))?.deposit).toMatchObject({
      amountOpen: true,
      methodOpen: true,
      amountEditable: true,
    });
    expect(await chooseCheckoutPayment(token, { amount: "50,00", paymentMethod: "bradesco" })).toEqual({
      ok: true,
      next: { kind: "bank", bank: "bradesco" },
    });
    expect((await findHostedPayment(token))?.deposit).toMatchObject({
      amountCents: 5000n,
      paymentMethod: "bradesco",
      amountEditable: false,
      pixTxid: null,
    });
    // Back on the form: both are still the customer's to change.
    expect(await chooseCheckoutPayment(token, { amount: "70,00", paymentMethod: "santander" })).toEqual({
      ok: true,
      next: { kind: "bank", bank: "santander" },
    });
    expect(await chooseCheckoutPayment(token, { amount: "80,00", paymentMethod: "pix" })).toEqual({
      ok: true,
      next: { kind: "pix" },
    });
    const { deposit } = (await findHostedPayment(token))!;
    expect(deposit).toMatchObject({ amountCents: 8000n, paymentMethod: "pix" });
    expect(parsePix(deposit.pixCode as string)).toMatchObject({ transactionAmount: 80, txid: deposit.pixTxid });
    // From here the charge pays it: another amount or a bank is refused as fixed; nothing changes.
    expect(await chooseCheckoutPayment(token, { amount: "90,00", paymentMethod: "pix" })).toEqual({
      ok: false,
      invalid: ["amount"],
      fixed: true,
    });
    expect(await chooseCheckoutPayment(token, { amount: "80,00", paymentMethod: "bradesco" })).toEqual({
      ok: false,
      invalid: ["paymentMethod"],
      fixed: true,
    });
    expect(await chooseCheckoutPayment(token, {})).toEqual({ ok: true, next: { kind: "pix" } });
    await expect(decideAtSandboxBank({ token, bank: "bradesco", decision: "authorize" })).rejects.toThrow(
      /paid by Pix/,
    );
    expect((await findHostedPayment(token))?.deposit).toMatchObject({
      amountCents: 8000n,
      paymentMethod: "pix",
      pixTxid: deposit.pixTxid,
      pixCode: deposit.pixCode,
      status: "pending",
    });
  });

  it("turns a bank the customer chose into a Pix for the same order, but not a bank the shop sent", async () => {
    const token = payTokenOf(await open(valid()));
    await chooseCheckoutPayment(token, { amount: "149,90", paymentMethod: "caixa" });
    expect(await switchToPix(token)).toEqual({ ok: true, next: { kind: "pix" } });
    const { deposit } = (await findHostedPayment(token))!;
    expect(deposit).toMatchObject({ paymentMethod: "pix", amountCents: 14990n });
    expect(parsePix(deposit.pixCode as string)).toMatchObject({ transactionAmount: 149.9, txid: deposit.pixTxid });
    // Again (a double tap, or back to the charge from a fixed page): the same charge.
    expect(await switchToPix(token)).toEqual({ ok: true, next: { kind: "pix" } });
    expect((await findHostedPayment(token))?.deposit.pixCode).toBe(deposit.pixCode);

    const locked = payTokenOf(await open(valid({ paymentMethod: "santander" }))).replace(/\/autorizar.*$/, "");
    expect(await switchToPix(locked)).toEqual({ ok: false, invalid: ["paymentMethod"] });
    expect((await findHostedPayment(locked))?.deposit).toMatchObject({ paymentMethod: "santander", pixTxid: null });
  });

  it("asks for a method when the merchant sent none, and takes a bank", async () => {
    const token = payTokenOf(await open(valid()));
    expect(await chooseCheckoutPayment(token, {})).toEqual({ ok: false, invalid: ["paymentMethod"] });
    expect(await chooseCheckoutPayment(token, { paymentMethod: "nubank" })).toEqual({
      ok: false,
      invalid: ["paymentMethod"],
    });
    expect(await chooseCheckoutPayment(token, { paymentMethod: "santander" })).toEqual({
      ok: true,
      next: { kind: "bank", bank: "santander" },
    });
  });
});
