// Gateway In, the hosted cashier at /direct, in Chromium at 390 px: locked details, Pix paid from
// outside the page, the sandbox bank (its receipt, and "Pagamento não concluído" with the ways on),
// the error pages, and the merchant's return_url (served here), told the outcome in its query.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { e2eServerEnv } from "./environment";
import {
  cashier,
  depositIdOf,
  expectAccessible,
  fitsViewport,
  keepScreenshot,
  type Merchant,
  startShop,
} from "./support";

const root = path.resolve(import.meta.dirname, "..");

let merchant: Merchant;
let shop: Awaited<ReturnType<typeof startShop>>;
let shopUrl: string;
let sequence = 0;

test.beforeAll(async () => {
  shop = await startShop(() => "De volta à loja");
  shopUrl = shop.url;
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Verde")) as Merchant;
});

test.afterAll(() => shop.close());

let lastReference = "";

async function directUrl(extra: Record<string, unknown> = {}, now?: Date) {
  const data: Record<string, unknown> = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "149,90",
    currency: "BRL",
    reference: `e2e-gi-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    return_url: `${shopUrl}/caixa`,
    ...extra,
  };
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  lastReference = data.reference as string;
  const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data, now });
  return `/direct/${merchant.keyId}/${token}`;
}

test("Pix: a locked link opens on the QR, paid from outside the page, the receipt, then back to return_url", async ({
  page,
}, testInfo) => {
  await page.goto(await directUrl({ paymentMethod: "pix" }));
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\/pix$/);
  await page.getByText("Pagar com outro celular?").click();
  await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible();
  const code = await page.getByLabel("Pix copia e cola").inputValue();
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();
  await expect(page.getByTestId("time-left")).toHaveText(/^(29|30):\d\d$/);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "2-pix-390");
  await expectAccessible(page);

  // The customer pays in the bank app; the sandbox learns it from the command line.
  cashier("deposit", "pay", await depositIdOf(page, merchant, lastReference));
  const depositId = await depositIdOf(page, merchant, lastReference);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix");
  await expect(page.getByTestId("receipt-end-to-end-id")).toHaveText(/^E\d{8}/);
  await keepScreenshot(page, testInfo, "3-pix-paid-390");
  await expectBackAtShop(page, "paid", depositId, 15_000);
});

/** The shop's return_url, where the browser lands, told the outcome and the deposit in its query. */
async function expectBackAtShop(page: Page, status: string, depositId: string, timeout = 5_000): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${shopUrl}/caixa\\?`), { timeout });
  const landed = new URL(page.url());
  expect(Object.fromEntries(landed.searchParams)).toEqual({ status, deposit_id: depositId });
}

test("details the shop sent are shown as text, masked, when something is left to choose", async ({
  page,
}, testInfo) => {
  await page.goto(await directUrl());
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}$/);
  for (const [field, value] of [
    ["name", "Maria da Silva"],
    ["email", "m***@example.com"],
    ["cpf", "***.982.247-**"],
  ]) {
    await expect(page.getByTestId(`shown-${field}`)).toHaveText(value);
  }
  await expect(page.locator("input[readonly]")).toHaveCount(0);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "1-checkout-locked-390");
  await expectAccessible(page);
});

/** What the merchant's server does to find the deposit: POST /api/status by its reference. */
test("a bank chosen by the customer, authorized: the receipt, then return_url with status=paid", async ({
  page,
}, testInfo) => {
  // Waits out the receipt's 10 s back to the shop.
  test.slow();
  await page.goto(await directUrl({ amount: undefined }));
  const amount = page.getByLabel("Valor (R$)");
  await expect(amount).toBeEditable();
  await expect(page.getByTestId("amount")).toHaveText("—");
  // Pix is preselected: only the amount is missing.
  await expect(page.getByRole("radio", { name: "Pix" })).toBeChecked();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Informe um valor válido, como 50,00.")).toBeVisible();
  await expect(amount).toBeFocused();
  await keepScreenshot(page, testInfo, "1-checkout-open-errors-390");
  await expectAccessible(page);
  await expect(page.getByRole("radio", { name: "Nubank" })).toHaveCount(0);

  await amount.fill("75,50");
  await page.getByRole("radio", { name: "Santander" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s75,50/);
  await expect(page.getByText("Santander (033)")).toBeVisible();
  await keepScreenshot(page, testInfo, "2-consent-390");
  const reference = lastReference;
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();

  // The cashier's own receipt first: what a customer keeps.
  const depositId = await depositIdOf(page, merchant, reference);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-amount")).toHaveText(/R\$\s75,50/);
  await expect(page.getByTestId("receipt-merchant")).toHaveText("Loja Verde");
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix pelo banco (Santander)");
  await expect(page.getByTestId("receipt-reference")).toHaveText(reference);
  await expect(page.getByTestId("receipt-paid-at")).toHaveText(
    /^\d\d\/\d\d\/\d{4},? \d\d:\d\d \(horário de Brasília\)$/,
  );
  await expect(page.getByTestId("receipt-end-to-end-id")).toHaveText(/^E99999999\d{12}[A-Za-z0-9]{11}$/);
  await expect(page.getByTestId("receipt-transaction-id")).toHaveText(depositId);
  await expect(page.getByRole("button", { name: "Salvar comprovante" })).toBeVisible();
  await expect(page.getByTestId("return-countdown")).toContainText(/Voltando para a loja em \d+ s/);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "3-bank-receipt-390");
  await expectAccessible(page);
  await expectBackAtShop(page, "paid", depositId, 15_000);
});

test("a paid link opened again shows its receipt to keep, saved as a clean page, and stays", async ({
  page,
}, testInfo) => {
  await page.goto(await directUrl({ paymentMethod: "bradesco" }));
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  await expect(page.getByTestId("return-countdown")).toBeVisible();
  const link = new URL(page.url()).pathname;

  // Later, from the history or a shared link: the same receipt, no countdown, no redirect.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix pelo banco (Bradesco)");
  await expect(page.getByTestId("return-countdown")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute(
    "href",
    new RegExp(`^${shopUrl}/caixa\\?status=paid&deposit_id=dep_`),
  );
  await keepScreenshot(page, testInfo, "4-receipt-reopened-390");
  await expectAccessible(page);
  // "Salvar comprovante" opens the browser's print (stubbed here: headless Chromium has no dialog).
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "");
  });
  await page.getByRole("button", { name: "Salvar comprovante" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "");
  // Printed: the receipt alone, without buttons or links.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-end-to-end-id")).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar comprovante" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Voltar para a loja" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Ajuda" })).toBeHidden();
  await keepScreenshot(page, testInfo, "5-receipt-print-390");
  await page.emulateMedia({ media: "screen" });
  await page.waitForTimeout(11_000);
  expect(new URL(page.url()).pathname).toBe(link);
  // In English, as the customer's browser or ?lang=en asks.
  await page.goto(`${link}?lang=en`);
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix through your bank (Bradesco)");
  await expect(page.getByTestId("receipt-paid-at")).toHaveText(/\d:\d\d\s?[AP]M \(Brasília time\)$/);
  await expect(page.getByRole("button", { name: "Save receipt" })).toBeVisible();
  await keepScreenshot(page, testInfo, "4-receipt-reopened-en-390");
});

/** A link that leaves the method open, Caixa chosen on its form, and Recusar at the sandbox bank: its reference. */
async function declineAtCaixa(page: Page): Promise<string> {
  await page.goto(await directUrl());
  const reference = lastReference;
  await page.getByRole("radio", { name: "Caixa" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Recusar" }).click();
  return reference;
}

test("Recusar at the bank: Pagamento não concluído, with another bank, Pix and the shop (status=canceled)", async ({
  page,
}, testInfo) => {
  const reference = await declineAtCaixa(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento não concluído");
  await expect(
    page.getByText("O pagamento em Caixa Econômica Federal não foi concluído e nada foi cobrado."),
  ).toBeVisible();
  const depositId = await depositIdOf(page, merchant, reference);
  await expect(page.getByRole("link", { name: "Tentar outro banco" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar com Pix" })).toBeVisible();
  const back = page.getByRole("link", { name: "Voltar para a loja" });
  await expect(back).toHaveAttribute("href", `${shopUrl}/caixa?status=canceled&deposit_id=${depositId}`);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "6-declined-390");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await keepScreenshot(page, testInfo, "6-declined-dark-390");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  // Pix is on offer for the same order…
  await page.getByRole("button", { name: "Pagar com Pix" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();
  // …and giving up goes back to the shop, which learns the customer left without paying.
  await page.goBack();
  await page.getByRole("link", { name: "Voltar para a loja" }).click();
  await expectBackAtShop(page, "canceled", depositId);
});

test("after Recusar, another bank pays the same deposit; a bank the shop sent is tried again", async ({
  page,
}, testInfo) => {
  // Waits out the receipt's 10 s back to the shop.
  test.slow();
  const reference = await declineAtCaixa(page);
  await page.getByRole("link", { name: "Tentar outro banco" }).click();
  await page.getByRole("radio", { name: "Banco do Brasil" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-method")).toHaveText("Pix pelo banco (Banco do Brasil)");
  await expectBackAtShop(page, "paid", await depositIdOf(page, merchant, reference), 15_000);

  // The shop chose Caixa: no other bank, no Pix, Caixa again.
  await page.goto(await directUrl({ paymentMethod: "caixa" }));
  await page.getByRole("button", { name: "Recusar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento não concluído");
  await expect(page.getByRole("link", { name: "Tentar outro banco" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pagar com Pix" })).toHaveCount(0);
  await keepScreenshot(page, testInfo, "7-declined-shop-bank-390");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Tentar de novo em Caixa" }).click();
  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
});

test("an expired link leads back to the shop with status=failed", async ({ page }) => {
  await page.goto(await directUrl({ paymentMethod: "pix" }));
  const depositId = await depositIdOf(page, merchant, lastReference);
  // Off the Pix screen first: its script would follow the expiry on its own.
  const link = new URL(page.url()).pathname.replace(/\/pix$/, "");
  await page.goto("about:blank");
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/expire-deposit-process.ts"), depositId],
    { cwd: root, env: { ...process.env, ...e2eServerEnv } },
  );
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Este link de pagamento expirou" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a loja" }).click();
  await expectBackAtShop(page, "failed", depositId);
});

test("reloading or opening the link twice (with or without a trailing slash) creates no second deposit", async ({
  page,
}) => {
  const url = await directUrl();
  await page.goto(url);
  const first = page.url();
  await page.reload();
  expect(page.url()).toBe(first);
  await page.goto(url);
  expect(page.url()).toBe(first);
  await page.goto(`${url}/`);
  expect(page.url()).toBe(first);
  const again = await page.request.get(url, { maxRedirects: 0 });
  expect(again.status()).toBe(303);
  expect(new URL(first).pathname).toBe(again.headers().location);
});

test("error pages: expired token, invalid CPF, nubank, http return_url", async ({ page }, testInfo) => {
  const cases: [string, string, number, RegExp][] = [
    ["expired", await directUrl({}, new Date(Date.now() - 10 * 60 * 1000)), 401, /expirou ou não é válido/],
    ["invalid-cpf", await directUrl({ cpf: "123.456.789-00" }), 422, /CPF/],
    ["nubank", await directUrl({ paymentMethod: "nubank" }), 422, /Forma de pagamento/],
    [
      "http-return-url",
      await directUrl({ return_url: "http://shop.example/caixa" }),
      422,
      /Endereço de retorno da loja/,
    ],
  ];
  for (const [name, url, status, text] of cases) {
    const response = await page.goto(url);
    expect(response?.status(), name).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Não foi possível abrir o pagamento");
    await expect(page.locator("main")).toContainText(text);
    expect(await fitsViewport(page)).toBe(true);
    await keepScreenshot(page, testInfo, `error-${name}-390`);
    await expectAccessible(page);
  }
  await page.goto(`${await directUrl({ cpf: "1" })}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The payment could not be opened");
});
