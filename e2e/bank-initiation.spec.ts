// Issue 24 in Chromium at 390×844: a live merchant's customers pay at their own bank through an
// Open Finance initiator (the PSP simulator's Efí, added with the CLI as an operator would, told
// where customers come back by `psp configure`). The customer picks a bank from the initiator's
// list, approves on the fake bank's page at another origin, comes back through the account's
// return address to "Confirmando com o seu banco…", then the receipt and the shop. Recusar and
// Efí's rejected R$ 0.11 leave the deposit unpaid with another bank and Pix on offer; a Gateway In
// link whose shop sent Bradesco goes straight to Bradesco. axe in light and dark; screenshots kept.
import { type APIRequestContext, type Page, type TestInfo, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { E2E_BASE_URL } from "./environment";
import {
  cashier,
  cashierAsync,
  addEfiAccount,
  expectAccessible,
  expectNoTestBanner,
  fitsViewport,
  keepScreenshot,
  type Merchant,
  startShop,
} from "./support";

let efi: PspSimulator;
let merchant: Merchant;
let accountId: string;
let shop: Awaited<ReturnType<typeof startShop>>;
let sequence = 0;

test.beforeAll(async () => {
  shop = await startShop((path) => (path.startsWith("/ok") ? "Pedido pago" : "Pagamento falhou"));
  efi = await startPspSimulator({ profile: "efi" });
  accountId = addEfiAccount(
    efi,
    ...["--initiation-url", efi.openFinanceUrl, "--receiver-branch", "0001", "--receiver-account", "654984"],
    ...["--receiver-account-type", "CACC", "--receiver-document", "11.444.777/0001-61"],
    ...["--receiver-name", "Loja Exemplo Ltda"],
  );
  // The initiator learns where customers come back to and where to notify.
  await cashierAsync("psp", "configure", "--provider", accountId);
  expect(efi.openFinanceConfig()).toMatchObject({ redirectURL: `${E2E_BASE_URL}/pay/retorno/${accountId}` });
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Banco Aberto", "--live")) as Merchant;
  cashier("merchant", "update", merchant.merchantId, "--provider", accountId);
});

test.afterAll(async () => {
  await efi?.close();
  await shop?.close();
});

/** A live merchant's Payment Initiation, created with a signed JWT: its hosted address. */
async function createPayment(
  request: APIRequestContext,
  amount: string,
): Promise<{ url: string; reference: string; token: string }> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount,
    reference: `e2e-ini-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    successRedirectUrl: `${shop.url}/ok`,
    failedRedirectUrl: `${shop.url}/falhou`,
  };
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await request.post("/api/payment-initiation", { data: { jwt } });
  expect(response.status()).toBe(201);
  const { jwt: answer } = (await response.json()) as { jwt: string };
  const claims = JSON.parse(Buffer.from(answer.split(".")[1], "base64url").toString()) as {
    data: { paymentInitiationUrl: string };
  };
  const url = claims.data.paymentInitiationUrl;
  return { url, reference: data.reference, token: new URL(url).pathname.split("/")[2] };
}

/** What the merchant's server reads: the deposit's status through POST /api/status. */
async function depositStatus(request: APIRequestContext, reference: string): Promise<string> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { reference } });
  const response = await request.post("/api/status", { data: { jwt } });
  const { jwt: answer } = (await response.json()) as { jwt: string };
  return (JSON.parse(Buffer.from(answer.split(".")[1], "base64url").toString()) as { data: { status: string } }).data
    .status;
}

/** axe finds nothing serious in light mode, nor in dark; both kept as screenshots. */
async function checkLightAndDark(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, name);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await keepScreenshot(page, testInfo, `${name}-dark`);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });
}

/** From the payment's address to the bank choice: the shop sent valid details, so they are confirmed. */
async function openBankChoice(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expectNoTestBanner(page);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/banco$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escolha o seu banco");
}

test("the customer picks Bradesco, approves at the bank, sees the receipt and goes back to the shop", async ({
  page,
}, testInfo) => {
  const { url, reference } = await createPayment(page.request, "149,90");
  await openBankChoice(page, url);
  // The interface's five first, each named by its name alone (the mark is decorative).
  const featured = page.getByTestId("featured-banks").getByRole("button");
  await expect(featured).toHaveCount(5);
  for (const [index, name] of [
    "Banco do Brasil",
    "Bradesco",
    "Caixa Econômica Federal",
    "Nubank",
    "Santander",
  ].entries())
    await expect(featured.nth(index)).toHaveAccessibleName(name);
  await expectNoTestBanner(page);
  await checkLightAndDark(page, testInfo, "1-bank-choice-390");

  // The rest, searched by name on the server.
  await page.getByLabel("Nome do banco").fill("itau");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/banco\?q=itau$/);
  await expect(page.getByTestId("found-banks").getByRole("button")).toHaveText([/Itaú/]);
  await page.getByLabel("Nome do banco").fill("banco que não existe");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Nenhum banco encontrado")).toBeVisible();
  await keepScreenshot(page, testInfo, "2-bank-search-390");

  // To the bank's own page, at another origin: the form's answer stays on the gateway's origin.
  await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
  await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bradesco");
  await expect(page.getByText("R$ 149,90")).toBeVisible();
  await keepScreenshot(page, testInfo, "3-at-the-bank-390");
  await page.getByRole("button", { name: "Aprovar" }).click();

  // Back through the account's return address: the receipt, then the shop's success page.
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("receipt-amount")).toHaveText(/R\$\s149,90/);
  await expectNoTestBanner(page);
  await keepScreenshot(page, testInfo, "4-receipt-390");
  await expect(page).toHaveURL(`${shop.url}/ok`, { timeout: 20_000 });
  await expect(page).toHaveTitle("Pedido pago");
  expect(await depositStatus(page.request, reference)).toBe("paid");
});

test("the waiting page follows the bank until it says yes", async ({ page }, testInfo) => {
  const { url, token } = await createPayment(page.request, "52,00");
  await openBankChoice(page, url);
  await page.getByTestId("featured-banks").getByRole("button", { name: "Santander" }).click();
  await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
  // The customer comes back before deciding (Back, another tab): the page waits for the bank.
  await page.goto(`/pay/${token}/banco/aguardando`);
  await expect(page.getByRole("heading", { name: "Confirmando com o seu banco…" })).toBeVisible();
  await expect(page.getByText("Esperando a confirmação de Santander.")).toBeVisible();
  await expectNoTestBanner(page);
  await checkLightAndDark(page, testInfo, "5-waiting-390");
  // The help page opened from a live payment leads back to it, and claims no test either.
  await page.getByRole("link", { name: "Ajuda", exact: true }).click();
  await expect(page.getByRole("link", { name: "Voltar para o pagamento" })).toHaveAttribute(
    "href",
    `/pay/${token}/banco/aguardando`,
  );
  await expect(page.getByRole("link", { name: "Voltar para a loja", exact: true })).toHaveAttribute(
    "href",
    `${shop.url}/falhou`,
  );
  await expectNoTestBanner(page);
  await keepScreenshot(page, testInfo, "5-help-from-live-390");
  // English by ?lang=en, carried by the page's own links.
  await page.goto(`/pay/${token}/banco/aguardando?lang=en`);
  await expect(page.getByRole("heading", { name: "Confirming with your bank…" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Check now" })).toHaveAttribute(
    "href",
    `/pay/${token}/banco/aguardando?lang=en`,
  );
  const pending = efi.initiations().find((item) => item.status === "pendente" && item.valor === "52.00");
  expect(pending).toBeTruthy();
  await efi.approveInitiation(pending!.identificadorPagamento);
  // The page's own polling notices, with no reload by the test.
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible({ timeout: 15_000 });
});

for (const [label, amount, decide, reason] of [
  ["Recusar at the bank", "75,00", "Recusar", "não aprovou"],
  ["Efí's rejected R$ 0,11", "0,11", "Aprovar", "não aprovou"],
] as const) {
  test(`${label}: another bank or Pix, and the deposit is not paid`, async ({ page }, testInfo) => {
    const { url, reference } = await createPayment(page.request, amount);
    await openBankChoice(page, url);
    await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
    await page.getByRole("button", { name: decide }).click();

    await expect(page.getByRole("heading", { name: "Pagamento não concluído" })).toBeVisible();
    await expect(page).toHaveURL(/\/banco\/aguardando$/);
    await expect(page.getByTestId("bank-reason")).toContainText(reason);
    await expect(page.getByRole("link", { name: "Tentar outro banco" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pagar com Pix" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute("href", `${shop.url}/falhou`);
    await expectNoTestBanner(page);
    await checkLightAndDark(page, testInfo, `6-failed-${amount === "0,11" ? "011" : "recusado"}-390`);
    expect(await depositStatus(page.request, reference)).toBe("pending");

    // Another bank is still the customer's to choose, and so is Pix.
    await page.getByRole("link", { name: "Tentar outro banco" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escolha o seu banco");
    await page.goBack();
    await page.getByRole("button", { name: "Pagar com Pix" }).click();
    await expect(page).toHaveURL(/\/pix$/);
    await expect(page.getByTestId("time-left")).toBeVisible();
    await expectNoTestBanner(page);
    await keepScreenshot(page, testInfo, `6-live-pix-${amount === "0,11" ? "011" : "recusado"}-390`);
    expect(await depositStatus(page.request, reference)).toBe("pending");
  });
}

test("a Gateway In link whose shop sent Bradesco goes straight to Bradesco's approval", async ({ page }, testInfo) => {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "33,00",
    currency: "BRL",
    reference: `e2e-gi-bank-${Date.now()}`,
    merchant_user: "cliente-42",
    country: "BR",
    paymentMethod: "bradesco",
    return_url: `${shop.url}/caixa`,
  };
  const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  await page.goto(`/direct/${merchant.keyId}/${token}`);
  await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bradesco");
  await expect(page.getByText("R$ 33,00")).toBeVisible();
  await keepScreenshot(page, testInfo, "7-gateway-in-at-bradesco-390");
  await page.getByRole("button", { name: "Aprovar" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  expect(await depositStatus(page.request, data.reference)).toBe("paid");
});
