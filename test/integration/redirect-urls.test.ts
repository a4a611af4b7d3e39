// The review's redirect reproducers: refused with a signed 422 and nothing stored; what is stored
// is the normalised URL; a row stored raw before this check never gives the paying customer a 500.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { getDb } from "@/lib/db/client";
import { findTransaction } from "@/lib/db/transactions";
import { findHostedPayment, merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";
import { decideAtSandboxBank } from "../support/sandbox-bank";

let merchant: TestMerchant;
let sequence = 0;

const request = (extra: Record<string, unknown>) => ({
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "10.50",
  reference: `redirect-${Date.now()}-${++sequence}`,
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
  successRedirectUrl: "https://shop.example/ok",
  failedRedirectUrl: "https://shop.example/falhou",
  ...extra,
});

const rowsOf = (reference: string) =>
  getDb().transaction.count({ where: { merchantId: merchant.merchantId, reference } });

beforeAll(async () => {
  // No registered origins (the default): outside production any https host is allowed, so the
  // syntax checks are what stands between the merchant's text and the Location header.
  merchant = await createTestMerchant();
});

describe("redirect URLs", () => {
  it.each([
    ["a CR/LF header injection", "https://evil.example/\r\nSet-Cookie: x=1", /control characters/],
    ["a tab inside the URL", "https://shop.example/o\tk", /control characters/],
    ["https: without slashes", "https:evil.example", /absolute URL with a host/],
    ["a scheme-relative URL", "//evil.example/ok", /absolute URL with a host/],
  ])("refuses %s with a signed 422 and writes nothing", async (_name, url, message) => {
    const data = request({ successRedirectUrl: url });
    const response = await postSigned(paymentInitiation, merchant, data);
    expect(response.status).toBe(422);
    const { data: body } = await readSigned(response, merchant);
    expect((body.error as { fields: unknown[] }).fields).toEqual([
      { path: "successRedirectUrl", message: expect.stringMatching(message) },
    ]);
    expect(await rowsOf(data.reference)).toBe(0);
  });

  it("refuses a CR/LF return_url on Gateway In with the 422 page", async () => {
    const data = request({ return_url: "https://evil.example/\r\nSet-Cookie: x=1" });
    const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
    const response = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
      params: Promise.resolve({ keyId: merchant.keyId, token }),
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("return_url");
    expect(await rowsOf(data.reference)).toBe(0);
  });

  it("stores the normalised URL, not the text as sent", async () => {
    const response = await postSigned(
      paymentInitiation,
      merchant,
      request({ successRedirectUrl: "HTTPS://Shop.Example:443/ok?p=á" }),
    );
    const { data } = await readSigned(response, merchant);
    expect(await findTransaction(getDb(), data.id as string)).toMatchObject({
      successRedirectUrl: "https://shop.example/ok?p=%C3%A1",
    });
  });

  it("a customer who pays a deposit stored with a raw CR/LF URL is paid and stays on the gateway's page", async () => {
    const response = await postSigned(paymentInitiation, merchant, request({}));
    const { data } = await readSigned(response, merchant);
    // As rows were stored before URLs were normalised.
    await getDb().transaction.update({
      where: { id: data.id as string },
      data: { successRedirectUrl: "https://evil.example/\r\nSet-Cookie: x=1" },
    });
    const token = String(data.paymentInitiationUrl).split("/pay/")[1];
    expect(await decideAtSandboxBank({ token, bank: "nubank", decision: "authorize" })).toBe("paid");
    expect(await findTransaction(getDb(), data.id as string)).toMatchObject({ status: "paid" });
    // Its receipt offers no way back that a Location header or a link could not carry.
    const paid = await findHostedPayment(token);
    expect(paid?.state).toBe("paid");
    expect(merchantReturnUrl(paid!)).toBeNull();
  });
});
