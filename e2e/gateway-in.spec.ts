// Gateway In, the hosted cashier at /direct, in Chromium at 390 px: locked details, Pix paid from
// outside the page, the sandbox bank, the error pages, and the merchant's return_url (served here).
import { type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant, startShop } from "./support";

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
  cashier("deposit", "pay", await depositIdOf(page, lastReference));
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  await keepScreenshot(page, testInfo, "3-pix-paid-390");
  await expect(page).toHaveURL(`${shopUrl}/caixa`, { timeout: 15_000 });
});

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
async function depositIdOf(page: Page, reference: string): Promise<string> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { reference } });
  const response = await page.request.post("/api/status", { data: { jwt } });
  const claims = JSON.parse(
    Buffer.from(((await response.json()) as { jwt: string }).jwt.split(".")[1], "base64url").toString(),
  );
  return (claims as { data: { id: string } }).data.id;
}

test("a bank chosen by the customer, authorized, back to return_url; the amount typed when absent", async ({
  page,
}, testInfo) => {
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
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  await expect(page).toHaveURL(`${shopUrl}/caixa`);
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
