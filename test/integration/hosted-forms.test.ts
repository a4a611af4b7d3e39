// The hosted details form through its real route handler (app/pay/[token]/route.tsx) and database:
// what a customer types, read as the page's field reads it, and a refusal carried back to the page.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { GET as details, POST as submit } from "@/app/pay/[token]/route";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { createTestMerchant, type TestMerchant } from "../support/api";

let merchant: TestMerchant;
let sequence = 0;

beforeAll(async () => {
  merchant = await createTestMerchant({ redirectOrigins: ["https://shop.example"] });
});

/** A Gateway In link with no amount (the customer types it) and the method left open: its pay token. */
async function openAmountLink(): Promise<string> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    currency: "BRL",
    reference: `hf-${Date.now()}-${++sequence}`,
    merchant_user: "c-1",
    country: "BR",
    return_url: "https://shop.example/caixa",
  };
  const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
    params: Promise.resolve({ keyId: merchant.keyId, token }),
  });
  return (response.headers.get("location") ?? "").replace(/^\/pay\//, "");
}

const post = (payToken: string, fields: Record<string, string>, lang = "") =>
  submit(
    new Request(`http://localhost/pay/${payToken}${lang}`, { method: "POST", body: new URLSearchParams(fields) }),
    { params: Promise.resolve({ token: payToken }) },
  );

describe("POST /pay/{token}: an amount typed by the customer", () => {
  it.each(["50.5", "1.50", "1234.56", "abc"])(
    "refuses %s, which the field calls no amount, and charges nothing",
    async (typed) => {
      const payToken = await openAmountLink();
      const answer = await post(payToken, { amount: typed, paymentMethod: "pix" });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/pay/${payToken}`);
      const payment = await findHostedPayment(payToken);
      expect(payment?.deposit).toMatchObject({ amountEditable: true, pixCode: null });

      // The page it goes back to says so, with what was typed, once.
      const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0];
      const page = await details(new Request(`http://localhost/pay/${payToken}`, { headers: { cookie } }), {
        params: Promise.resolve({ token: payToken }),
      });
      const html = await page.text();
      expect(html).toContain("Informe um valor válido, como 50,00.");
      expect(html).toContain(`value="${typed}"`);
      expect(page.headers.get("set-cookie")).toMatch(/^cashier_refused_form=; .*Max-Age=0/);
    },
  );

  it.each([
    ["1.234,56", 123456n, "Portuguese", ""],
    ["50", 5000n, "Portuguese", ""],
    ["1.000", 100000n, "Portuguese", ""],
    ["50.00", 5000n, "English", "?lang=en"],
    ["1,234.56", 123456n, "English", "?lang=en"],
    ["1234.5", 123450n, "English", "?lang=en"],
  ])("takes %s as %s writes it and issues the Pix charge for it", async (typed, cents, _language, lang) => {
    const payToken = await openAmountLink();
    const answer = await post(payToken, { amount: typed, paymentMethod: "pix" }, lang);
    expect(answer.headers.get("location")).toBe(`/pay/${payToken}/pix${lang}`);
    expect((await findHostedPayment(payToken))?.deposit).toMatchObject({ amountCents: cents, amountEditable: false });
  });

  it("refuses the Portuguese decimal comma on an English page rather than guess, and names the limit past it", async () => {
    const payToken = await openAmountLink();
    const refused = await post(payToken, { amount: "50,5", paymentMethod: "pix" }, "?lang=en");
    expect(refused.headers.get("location")).toBe(`/pay/${payToken}?lang=en`);
    expect((await findHostedPayment(payToken))?.deposit).toMatchObject({ amountEditable: true, pixCode: null });

    const over = await post(payToken, { amount: "1.000.000,00", paymentMethod: "pix" });
    const cookie = (over.headers.get("set-cookie") ?? "").split(";")[0];
    const page = await details(new Request(`http://localhost/pay/${payToken}`, { headers: { cookie } }), {
      params: Promise.resolve({ token: payToken }),
    });
    expect(await page.text()).toContain("O valor passa do limite de R$ 100.000,00 por pagamento.");
    expect((await findHostedPayment(payToken))?.deposit).toMatchObject({ amountEditable: true, pixCode: null });
  });
});
