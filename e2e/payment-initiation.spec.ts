// The customer's side of Payment Initiation, in Chromium at 390 px: the hosted form, the sandbox
// bank, and the way back to the merchant's own pages (served here by the test).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { e2eServerEnv } from "./environment";
import { cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant, startShop } from "./support";

const root = path.resolve(import.meta.dirname, "..");
let merchant: Merchant;
let shop: Awaited<ReturnType<typeof startShop>>;
let shopUrl: string;
let sequence = 0;

test.beforeAll(async () => {
  shop = await startShop((path) => (path.startsWith("/ok") ? "Pedido pago" : "Pagamento falhou"));
  shopUrl = shop.url;
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Azul")) as Merchant;
});

test.afterAll(() => shop.close());

async function createPayment(request: import("@playwright/test").APIRequestContext, customer: Record<string, string>) {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "149,90",
    reference: `e2e-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    successRedirectUrl: `${shopUrl}/ok`,
    failedRedirectUrl: `${shopUrl}/falhou`,
    ...customer,
  };
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await request.post("/api/payment-initiation", { data: { jwt } });
  expect(response.status()).toBe(201);
  const claims = JSON.parse(
    Buffer.from(((await response.json()) as { jwt: string }).jwt.split(".")[1], "base64url").toString(),
  ) as {
    data: { id: string; paymentInitiationUrl: string };
  };
  return claims.data;
}

test("valid fields are locked and invalid ones editable; a corrected CPF lets the customer pay", async ({
  page,
}, testInfo) => {
  // Every step, then the receipt's 10 s back to the shop.
  test.slow();
  const payment = await createPayment(page.request, { cpf: "123.456.789-00", email: "" });
  await page.goto(payment.paymentInitiationUrl);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s149,90/);
  await expect(page.getByTestId("merchant-name")).toHaveText("Loja Azul");

  // Data the shop sent valid is text, not a read-only input.
  await expect(page.getByTestId("shown-name")).toHaveText("Maria da Silva");
  await expect(page.getByLabel("Nome completo")).toHaveCount(0);
  const email = page.getByLabel("E-mail");
  const cpf = page.getByLabel("CPF");
  await expect(email).toBeEditable();
  await expect(cpf).toBeEditable();
  await expect(email).toHaveAttribute("name", "email");
  await expect(cpf).toHaveAttribute("name", "cpf");
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "1-details-390");
  await expectAccessible(page);

  await email.fill("maria@example.com");
  await cpf.fill("111.111.111-11");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Corrija os campos indicados para continuar." }),
  ).toBeVisible();
  await expect(cpf).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Este CPF não existe. Confira os dígitos.")).toBeVisible();
  await keepScreenshot(page, testInfo, "2-details-error-390");
  await expectAccessible(page);

  // Typing again takes back the error said about the CPF that is no longer there.
  await cpf.fill("529.982.247-25");
  await cpf.blur();
  await expect(cpf).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText("Este CPF não existe. Confira os dígitos.")).toBeHidden();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("group", { name: "Escolha o seu banco" })).toBeVisible();
  await keepScreenshot(page, testInfo, "3-bank-390");
  await expectAccessible(page);
  // Back to the refused step and forward again: only GETs in the history, never "Confirm Form Resubmission".
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Seus dados" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("group", { name: "Escolha o seu banco" })).toBeVisible();
  await page.getByLabel(/Nubank/).check();
  await page.getByRole("button", { name: "Continuar" }).click();

  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await expect(page.getByText("Maria da Silva")).toBeVisible();
  await expect(page.getByText("***.982.247-**")).toBeVisible();
  await expect(page.getByText("Nubank (260)")).toBeVisible();
  await keepScreenshot(page, testInfo, "4-consent-390");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  // The cashier's receipt, then on its own to the shop's success page.
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix pelo banco (Nubank)");
  await expect(page.getByTestId("receipt-reference")).toHaveText(/^e2e-/);
  await keepScreenshot(page, testInfo, "5-receipt-390");
  await expect(page).toHaveURL(`${shopUrl}/ok`, { timeout: 15_000 });
  await expect(page.getByRole("heading")).toHaveText("Pedido pago");

  const status = JSON.parse(cashier("callbacks", "list", "--json")) as { type: string }[];
  expect(status.some((e) => e.type === "deposit.paid")).toBe(true);
  await page.goto(payment.paymentInitiationUrl);
  // A paid link shows its receipt.
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
});

test("declining at the bank: the ways on, the deposit still open, and the failure URL on giving up", async ({
  page,
}, testInfo) => {
  const payment = await createPayment(page.request, {});
  await page.goto(payment.paymentInitiationUrl);
  await expect(page.getByTestId("shown-cpf")).toHaveText("***.982.247-**");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel(/Caixa/).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Recusar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento não concluído");
  await expect(page.getByTestId("bank-reason")).toContainText("o banco não aprovou o pagamento");
  await expect(page.getByRole("button", { name: "Pagar com Pix" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute("href", `${shopUrl}/falhou`);
  await keepScreenshot(page, testInfo, "declined-390");
  await expectAccessible(page);
  // Another bank is the customer's to choose again.
  await page.getByRole("link", { name: "Tentar outro banco" }).click();
  await expect(page.getByRole("group", { name: "Escolha o seu banco" })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Voltar para a loja" }).click();
  await expect(page).toHaveURL(`${shopUrl}/falhou`);
  // Nothing ended: the link still leads to the payment.
  await page.goto(payment.paymentInitiationUrl);
  await expect(page.getByRole("heading", { name: "Seus dados" })).toBeVisible();
});

test("an expired link says so and leads back to the merchant", async ({ page }, testInfo) => {
  const payment = await createPayment(page.request, {});
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/expire-deposit-process.ts"), payment.id],
    {
      cwd: root,
      env: { ...process.env, ...e2eServerEnv },
    },
  );
  await page.goto(payment.paymentInitiationUrl);
  await expect(page.getByRole("heading", { name: "Este link de pagamento expirou" })).toBeVisible();
  await expect(page.getByLabel("CPF")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute("href", `${shopUrl}/falhou`);
  await keepScreenshot(page, testInfo, "expired-390");
  await expectAccessible(page);
  // The bank step cannot be reached either.
  await page.goto(`${payment.paymentInitiationUrl}/autorizar?banco=nubank`);
  await expect(page.getByRole("heading", { name: "Este link de pagamento expirou" })).toBeVisible();
});

test("an unknown link is a 404 page, and English is there when asked for", async ({ page }, testInfo) => {
  const response = await page.goto("/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await keepScreenshot(page, testInfo, "not-found-390");
  // A step that does not exist, of a link that does: the same page, in the language asked for, with no script.
  const payment = await createPayment(page.request, {});
  const step = await page.goto(`${payment.paymentInitiationUrl}/recibo/2?lang=en`);
  expect(step?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: /help/ })).toHaveAttribute("href", "/pay/ajuda?lang=en");
  expect(await page.locator("script").count()).toBe(0);

  await page.goto(`${payment.paymentInitiationUrl}?lang=en`);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("shown-name")).toHaveText("Maria da Silva");
  await expect(page.locator("main")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/banco\?lang=en$/);
  await expect(page.getByRole("group", { name: "Choose your bank" })).toBeVisible();
  await keepScreenshot(page, testInfo, "bank-en-390");
});
