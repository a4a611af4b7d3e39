// Issue 12, the customer's side in Chromium on a phone (390×664, the visible part of Safari on an
// iPhone 14, and 390×844): the Pix moment, honest copy feedback, a locked link straight to the QR,
// the receipt, one failure page everywhere, a single consent request, the masks, masked personal
// data, and axe in light and dark. Screenshots are kept in test-results/e2e.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { encodePng } from "../lib/images/encode-png";
import { e2eServerEnv } from "./environment";
import {
  cashier,
  depositIdOf,
  expectAccessible,
  expectTestBanner,
  fitsViewport,
  keepScreenshot,
  type Merchant,
  startShop,
} from "./support";

const root = path.resolve(import.meta.dirname, "..");
let merchant: Merchant;
let shop: Awaited<ReturnType<typeof startShop>>;
let sequence = 0;

const CPF = "529.982.247-25";
const EMAIL = "maria@example.com";

test.beforeAll(async () => {
  shop = await startShop((path) => (path.startsWith("/ok") ? "Pedido pago" : "De volta à loja"));
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Demo")) as Merchant;
});

test.afterAll(() => shop.close());

function customer(extra: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {
    name: "Maria da Silva",
    email: EMAIL,
    cpf: CPF,
    amount: "149,90",
    merchant_user: "cliente-42",
    country: "BR",
    ...extra,
  };
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

async function directUrl(
  extra: Record<string, unknown> = {},
  now?: Date,
  reference = `e2e-cx-${Date.now()}-${++sequence}`,
): Promise<string> {
  const data = customer({ currency: "BRL", reference, return_url: `${shop.url}/caixa`, ...extra });
  return `/direct/${merchant.keyId}/${await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data, now })}`;
}

async function paymentInitiation(
  page: Page,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; url: string }> {
  const data = customer({
    reference: `e2e-cx-pi-${Date.now()}-${++sequence}`,
    buyer_ip: "203.0.113.9",
    successRedirectUrl: `${shop.url}/ok`,
    failedRedirectUrl: `${shop.url}/falhou`,
    ...extra,
  });
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await page.request.post("/api/payment-initiation", { data: { jwt } });
  expect(response.status()).toBe(201);
  const claims = JSON.parse(
    Buffer.from(((await response.json()) as { jwt: string }).jwt.split(".")[1], "base64url").toString(),
  );
  return { id: claims.data.id as string, url: claims.data.paymentInitiationUrl as string };
}

/** What the merchant's server does to find the deposit: POST /api/status by its reference. */
/** axe finds nothing serious or critical with the phone in light mode, nor in dark mode. */
async function expectAccessibleLightAndDark(
  page: Page,
  testInfo: import("@playwright/test").TestInfo,
  name: string,
): Promise<void> {
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await keepScreenshot(page, testInfo, `${name}-dark`);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });
}

/** No full CPF or e-mail anywhere in what the browser received, scripts' payload included. */
async function expectNoPersonalData(page: Page): Promise<void> {
  const html = await page.content();
  for (const secret of [CPF, CPF.replace(/\D/g, ""), EMAIL]) expect(html, page.url()).not.toContain(secret);
}

test.describe("at 390×664", () => {
  test.use({ viewport: { width: 390, height: 664 } });

  test("a locked Pix link opens on the QR: copy button above the fold, toast on copy, deadline, receiver, title", async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(await directUrl({ paymentMethod: "pix" }));
    // No tap in between: the link's redirect lands on the Pix step.
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\/pix$/);
    const copy = page.getByRole("button", { name: "Copiar código Pix" });
    await expect(copy).toBeVisible();
    const box = (await copy.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(664);
    expect(box.height).toBeGreaterThanOrEqual(56);
    await expect(page.getByText(/Pague até \d\d:\d\d ·/)).toBeVisible();
    await expect(page.getByTestId("time-left")).toHaveText(/^(29|30):\d\d$/);
    await expect(page.getByTestId("receiver-name")).toHaveText("Cashier Sandbox");
    await expect(page).toHaveTitle(/^R\$\s149,90 · Loja Demo$/);
    await expect(page.getByText("Pagamento processado por")).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute("href"))).toMatch(/icon/);
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("1-pix-fold-390x664.png") });
    await keepScreenshot(page, testInfo, "1-pix-390x664");

    await copy.click();
    const toast = page.getByRole("status").filter({ hasText: "Código copiado" });
    await expect(toast).toBeVisible();
    // "Copied" covers nothing: not the button, not the code it speaks of, not the steps.
    const toastBox = (await toast.boundingBox())!;
    for (const covered of [copy, page.getByLabel("Pix copia e cola"), page.locator("main ol")]) {
      const other = (await covered.boundingBox())!;
      const overlaps =
        toastBox.x < other.x + other.width &&
        other.x < toastBox.x + toastBox.width &&
        toastBox.y < other.y + other.height &&
        other.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);
    }
    expect(
      await toast.evaluate((node) => {
        const { x, y, width, height } = node.getBoundingClientRect();
        return document.elementFromPoint(x + width / 2, y + height / 2) === node;
      }),
    ).toBe(true);
    const code = await page.getByLabel("Pix copia e cola").inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.screenshot({ path: testInfo.outputPath("2-pix-copied-390x664.png") });

    // The QR is one tap away for paying from another phone.
    await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeHidden();
    await page.getByText("Pagar com outro celular?").click();
    await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible();
    await expectNoPersonalData(page);
    await expectAccessibleLightAndDark(page, testInfo, "3-pix-qr-390x664");
  });

  test("a phone whose clock is half an hour ahead counts the time the server gives, and stays on the Pix step", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const now = Date.now.bind(Date);
      Date.now = () => now() + 31 * 60 * 1000;
    });
    const loads: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    await page.goto(await directUrl({ paymentMethod: "pix" }));
    await expect(page).toHaveURL(/\/pix$/);
    await page.waitForTimeout(3000);
    await expect(page.getByTestId("time-left")).toHaveText(/^29:\d\d$/);
    expect(loads.filter((url) => url.endsWith("/pix"))).toHaveLength(1);
  });

  test("with the clipboard refused, the code is selected with how to copy it by hand, and nothing throws", async ({
    page,
  }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
      });
      document.execCommand = () => false;
    });
    await page.goto(await directUrl({ paymentMethod: "pix" }));
    await page.getByRole("button", { name: "Copiar código Pix" }).click();
    await expect(page.getByTestId("copy-fallback")).toContainText("toque e segure");
    await expect(page.getByRole("status").filter({ hasText: "Código copiado" })).toHaveCount(0);
    const selected = await page.evaluate(() => {
      const area = document.getElementById("pix-code") as HTMLTextAreaElement;
      return area.selectionEnd - area.selectionStart === area.value.length && document.activeElement === area;
    });
    expect(selected).toBe(true);
    expect(errors).toEqual([]);
    await keepScreenshot(page, testInfo, "pix-copy-fallback-390x664");
    await expectAccessible(page);
  });
});

test("on a wide screen the QR comes first, 280 px", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await directUrl({ paymentMethod: "pix" }));
  const qr = page.getByRole("img", { name: "QR Code Pix" });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBe(280);
  await keepScreenshot(page, testInfo, "pix-1280");
});

test("after `deposit pay` the receipt appears (rechecked on return to the tab), then counts down back to the shop", async ({
  page,
}, testInfo) => {
  const reference = `e2e-cx-receipt-${Date.now()}`;
  await page.goto(await directUrl({ paymentMethod: "pix" }, undefined, reference));
  await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();

  // Coming back from the bank's app asks at once, not at the next poll.
  await page.waitForResponse((response) => response.url().endsWith("/status"));
  const recheck = page.waitForRequest((request) => request.url().endsWith("/status"), { timeout: 600 });
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await recheck;

  cashier("deposit", "pay", await depositIdOf(page, merchant, reference));
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("receipt-amount")).toHaveText(/R\$\s149,90/);
  await expect(page.getByText("Loja Demo").first()).toBeVisible();
  await expect(page.getByText(/^dep_/)).toBeVisible();
  await expect(page.getByText(/\d\d\/\d\d\/\d{4},? \d\d:\d\d \(horário de Brasília\)/)).toBeVisible();
  const depositId = await depositIdOf(page, merchant, reference);
  await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute(
    "href",
    `${shop.url}/caixa?status=paid&deposit_id=${depositId}`,
  );
  await expect(page.getByTestId("return-countdown")).toContainText(/Voltando para a loja em \d+ s/);
  await expectNoPersonalData(page);
  await keepScreenshot(page, testInfo, "receipt-390");
  await expectAccessibleLightAndDark(page, testInfo, "receipt-390");
  await expect(page).toHaveURL(`${shop.url}/caixa?status=paid&deposit_id=${depositId}`, { timeout: 15_000 });
  // Back from the shop: the receipt to read again, with no countdown sending the customer away.
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page.getByTestId("return-countdown")).toBeHidden();
  await page.waitForTimeout(11_000);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
});

test("the receipt stays while it is saved: any interaction stops the countdown, and it offers to stay (WCAG 2.2.1)", async ({
  page,
}, testInfo) => {
  const reference = `e2e-cx-receipt-stay-${Date.now()}`;
  await page.goto(await directUrl({ paymentMethod: "pix" }, undefined, reference));
  await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();
  cashier("deposit", "pay", await depositIdOf(page, merchant, reference));
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  const receiptUrl = page.url();
  await expect(page.getByRole("button", { name: "Ficar nesta página" })).toBeVisible();
  await keepScreenshot(page, testInfo, "receipt-counting-390");

  // Saving the receipt is an interaction: the page is still there well past the 10 s.
  await page.getByRole("button", { name: "Salvar comprovante" }).click();
  await expect(page.getByTestId("return-countdown")).toHaveText("Contagem parada. Volte para a loja quando quiser.");
  await expect(page.getByRole("button", { name: "Ficar nesta página" })).toHaveCount(0);
  await page.waitForTimeout(11_500);
  expect(page.url()).toBe(receiptUrl);
  await keepScreenshot(page, testInfo, "receipt-stopped-390");
  await expectAccessible(page);

  // In English, a key pressed anywhere stops it too; "Stay on this page" is offered until then.
  await page.goto(`${receiptUrl}${receiptUrl.includes("?") ? "&" : "?"}lang=en`);
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stay on this page" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("return-countdown")).toHaveText(
    "Countdown stopped. Go back to the shop whenever you like.",
  );
  await page.waitForTimeout(11_500);
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  await keepScreenshot(page, testInfo, "receipt-stopped-en-390");
});

test("every failure page names the shop and leads back, in Portuguese and English", async ({ page }, testInfo) => {
  const conflictReference = `e2e-cx-conflict-${Date.now()}`;
  await page.request.get(await directUrl({}, undefined, conflictReference), { maxRedirects: 0 });
  const expired = await paymentInitiation(page);
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/expire-deposit-process.ts"), expired.id],
    { cwd: root, env: { ...process.env, ...e2eServerEnv } },
  );
  const cases: { name: string; url: string; status: number; shopLink: string | null; text: RegExp; en: string }[] = [
    {
      name: "expired-token",
      url: await directUrl({}, new Date(Date.now() - 10 * 60 * 1000)),
      status: 401,
      shopLink: `${shop.url}/caixa`,
      text: /expirou ou não é válido/,
      en: "The payment could not be opened",
    },
    {
      name: "conflict",
      url: await directUrl({ amount: "1,00" }, undefined, conflictReference),
      status: 409,
      shopLink: `${shop.url}/caixa`,
      text: /já foi aberto com outros dados/,
      en: "The payment could not be opened",
    },
    {
      name: "invalid",
      url: await directUrl({ name: "", cpf: "123.456.789-00" }),
      status: 422,
      shopLink: `${shop.url}/caixa`,
      text: /CPF: o CPF do pagador não é válido/,
      en: "The payment could not be opened",
    },
    {
      name: "expired-payment",
      url: expired.url,
      status: 200,
      shopLink: `${shop.url}/falhou`,
      text: /O prazo para pagar terminou/,
      en: "This payment link has expired",
    },
    {
      name: "not-found",
      url: "/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      status: 404,
      shopLink: null,
      text: /Confira o endereço/,
      en: "Page not found",
    },
  ];
  for (const c of cases) {
    const response = await page.goto(c.url);
    expect(response?.status(), c.name).toBe(c.status);
    await expect(page.locator("main")).toContainText(c.text);
    // A payment that ended unpaid still says, at the top, how much it was for.
    if (c.name === "expired-payment") await expect(page.getByTestId("amount")).toHaveText(/^R\$\s\d+,\d\d$/);
    if (c.shopLink) {
      await expect(page.getByTestId("merchant-name")).toHaveText("Loja Demo");
      await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute("href", c.shopLink);
    } else {
      await expect(page.getByRole("link", { name: "Ver a ajuda do pagamento" })).toBeVisible();
    }
    expect(await fitsViewport(page)).toBe(true);
    await keepScreenshot(page, testInfo, `failure-${c.name}-390`);
    await expectAccessibleLightAndDark(page, testInfo, `failure-${c.name}-390`);
    await expectNoPersonalData(page);
    await page.goto(`${c.url}${c.url.includes("?") ? "&" : "?"}lang=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.en);
    await expect(
      page.getByRole("link", { name: c.shopLink ? "Back to the shop" : "See the payment help" }),
    ).toBeVisible();
    if (c.name === "invalid") {
      // Each field once, in the customer's words; the developer's detail folded under the code.
      await expect(page.locator("main li")).toHaveText([
        "Name: the payer's name is missing or incomplete",
        "CPF: the payer's CPF is not valid",
      ]);
      await expect(page.getByText("validation_failed")).toBeVisible();
      await keepScreenshot(page, testInfo, "failure-invalid-en-390");
    }
  }
});

/** Every step of a sandbox payment at 390×844 and 390×664: the banner, and the shop a tap away. */
async function checkSandboxStep(
  page: Page,
  testInfo: import("@playwright/test").TestInfo,
  name: string,
  shopLink: string | null,
) {
  await expectTestBanner(page);
  const back = page.getByRole("link", { name: "Voltar para a loja", exact: true });
  if (shopLink) await expect(back).toHaveAttribute("href", shopLink);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, `sandbox-${name}-390x844`);
  await page.setViewportSize({ width: 390, height: 664 });
  await page.screenshot({ path: testInfo.outputPath(`sandbox-${name}-390x664.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
}

test("every sandbox page says it is a test, and each step leads back to the shop without canceling", async ({
  page,
}, testInfo) => {
  // Ten pages, each looked at twice and checked by axe.
  test.setTimeout(180_000);
  // Payment Initiation: details, bank choice, the sandbox bank's consent.
  const payment = await paymentInitiation(page);
  await page.goto(payment.url);
  await checkSandboxStep(page, testInfo, "1-details", `${shop.url}/falhou`);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/banco$/);
  await checkSandboxStep(page, testInfo, "2-bank-choice", `${shop.url}/falhou`);
  await page.getByRole("radio", { name: /Nubank/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("button", { name: "Autorizar pagamento" })).toBeVisible();
  const consentUrl = page.url();
  await checkSandboxStep(page, testInfo, "3-consent", `${shop.url}/falhou`);

  // The help page opened from the consent: the same payment's frame, the way back to it, the contacts.
  await page.getByRole("link", { name: "Ajuda", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajuda com o pagamento");
  await expectTestBanner(page);
  await expect(page.getByTestId("merchant-name")).toHaveText("Loja Demo");
  const contacts = page.getByTestId("operator-contacts");
  await expect(contacts.getByRole("heading")).toHaveText("Fale com a gente");
  await expect(contacts.getByRole("link", { name: "0800 123 4567" })).toHaveAttribute("href", "tel:08001234567");
  await expect(contacts.getByRole("link", { name: "sac@cashier.example" })).toHaveAttribute(
    "href",
    "mailto:sac@cashier.example",
  );
  await expect(contacts).toContainText("CNPJ11.222.333/0001-81");
  await expect(contacts).toContainText("Encarregado de dados (LGPD)");
  await expect(contacts.getByRole("link", { name: "privacidade@cashier.example" })).toBeVisible();
  await checkSandboxStep(page, testInfo, "4-help", `${shop.url}/falhou`);
  await page.getByRole("link", { name: "Voltar para o pagamento" }).click();
  await expect(page).toHaveURL(consentUrl);

  // "Voltar para a loja" is a plain link: at the shop, and the payment is still there to pay.
  await page.getByRole("link", { name: "Voltar para a loja", exact: true }).click();
  await expect(page).toHaveURL(`${shop.url}/falhou`);
  await page.goBack();
  await expect(page.getByRole("button", { name: "Autorizar pagamento" })).toBeVisible();

  // Gateway In: the amount and method left open, then the Pix code, then paid.
  const reference = `e2e-cx-banner-${Date.now()}`;
  await page.goto(await directUrl({ amount: undefined }, undefined, reference));
  const depositId = await depositIdOf(page, merchant, reference);
  // Gateway In's return_url says how the payment stands as the customer leaves.
  const backToShop = (status: string) => `${shop.url}/caixa?status=${status}&deposit_id=${depositId}`;
  await checkSandboxStep(page, testInfo, "5-checkout", backToShop("canceled"));
  await page.getByLabel("Valor (R$)").fill("50,00");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await checkSandboxStep(page, testInfo, "6-pix", backToShop("canceled"));
  cashier("deposit", "pay", depositId);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  await checkSandboxStep(page, testInfo, "7-receipt", backToShop("paid"));

  // Failures: a payment that expired, and a Gateway In link refused with its shop known.
  const expired = await paymentInitiation(page);
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/expire-deposit-process.ts"), expired.id],
    { cwd: root, env: { ...process.env, ...e2eServerEnv } },
  );
  await page.goto(expired.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Este link de pagamento expirou");
  await checkSandboxStep(page, testInfo, "8-expired", `${shop.url}/falhou`);
  await page.goto(await directUrl({}, new Date(Date.now() - 10 * 60 * 1000)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Não foi possível abrir o pagamento");
  await checkSandboxStep(page, testInfo, "9-direct-refused", `${shop.url}/caixa`);
  await page.goto(`${page.url()}?lang=en`);
  await expectTestBanner(page, "en");

  // Where no sandbox payment is known, nothing claims one: the 404, the bare help page.
  for (const url of ["/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/pay/ajuda", "/pay/ajuda?voltar=//evil.example/pay/x"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Ambiente de testes")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Voltar para o pagamento" })).toHaveCount(0);
  }
  await expect(page.getByTestId("operator-contacts")).toContainText("sac@cashier.example");
  await page.goto("/pay/ajuda?voltar=https://evil.example/pay/x&lang=en");
  await expect(page.getByRole("link", { name: "Back to the payment" })).toHaveCount(0);
  await expect(page.getByTestId("operator-contacts").getByRole("heading")).toHaveText("Contact us");
  await keepScreenshot(page, testInfo, "help-en-390");
});

test("a double tap on Autorizar sends one request", async ({ page }, testInfo) => {
  const payment = await paymentInitiation(page);
  await page.goto(`${payment.url}/autorizar?banco=nubank`);
  await expect(page.getByText("***.982.247-**")).toBeVisible();
  await expectNoPersonalData(page);
  await keepScreenshot(page, testInfo, "consent-390");
  await expectAccessibleLightAndDark(page, testInfo, "consent-390");
  const decisions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/autorizar"))
      decisions.push(request.postData() ?? "");
  });
  const atShop = page.waitForRequest(`${shop.url}/ok`, { timeout: 15_000 });
  await page.getByRole("button", { name: "Autorizar pagamento" }).dblclick();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page).toHaveURL(`${shop.url}/ok`, { timeout: 15_000 });
  expect(decisions).toEqual(["decision=authorize"]);
  // The payment's address (its token) never reaches the shop as a referrer.
  expect((await (await atShop).allHeaders()).referer).toBeUndefined();
});

test("the bank step shows each bank's mark and masks nothing it should not show", async ({ page }, testInfo) => {
  const payment = await paymentInitiation(page);
  await page.goto(payment.url);
  await expect(page.getByTestId("shown-cpf")).toHaveText("***.982.247-**");
  await expect(page.getByTestId("shown-email")).toHaveText("m***@example.com");
  await expectNoPersonalData(page);
  await expectAccessibleLightAndDark(page, testInfo, "details-locked-390");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("group", { name: "Escolha o seu banco" })).toBeVisible();
  await expect(page.locator("svg")).toHaveCount(5);
  await expectNoPersonalData(page);
  await keepScreenshot(page, testInfo, "bank-390");
  await expectAccessibleLightAndDark(page, testInfo, "bank-390");
});

test('"1.234,56" typed into an open amount is R$ 1.234,56 in the header and on the QR page', async ({
  page,
}, testInfo) => {
  await page.goto(await directUrl({ amount: undefined }));
  const amount = page.getByLabel("Valor (R$)");
  await expect(page.getByRole("radio", { name: "Pix" })).toBeChecked();
  await amount.pressSequentially("1.234,56");
  await expect(amount).toHaveValue("1.234,56");
  await expect(page.getByTestId("amount")).toHaveText("R$ 1.234,56");
  expect(await amount.evaluate((node) => parseFloat(getComputedStyle(node).fontSize))).toBeGreaterThanOrEqual(16);
  await expect(page.getByText(/De R\$ 0,01 até R\$ [\d.]+,\d\d\./)).toBeVisible();
  await keepScreenshot(page, testInfo, "amount-typed-390");
  await expectAccessibleLightAndDark(page, testInfo, "amount-typed-390");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s1\.234,56/);
});

test.describe("in English at 390×664", () => {
  test.use({ viewport: { width: 390, height: 664 } });

  for (const [typed, written] of [
    ["50.00", "50.00"],
    ["1,234.56", "1,234.56"],
  ]) {
    test(`"${typed}" is an amount, R$ ${written} in the header and on the QR page`, async ({ page }, testInfo) => {
      await page.goto(`${await directUrl({ amount: undefined })}?lang=en`);
      const amount = page.getByLabel("Amount (R$)");
      await expect(amount).toHaveAttribute("placeholder", "0.00");
      await expect(page.getByText(/From R\$ 0\.01 to R\$ [\d,]+\.\d\d\./)).toBeVisible();
      await amount.pressSequentially(typed);
      await expect(amount).toHaveValue(written);
      await expect(page.getByTestId("amount")).toHaveText(`R$ ${written}`);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/pix\?lang=en$/);
      await expect(page.getByTestId("amount")).toHaveText(new RegExp(`^R\\$\\s${written.replace(/\./g, "\\.")}$`));
      await expect(page).toHaveTitle(new RegExp(`^R\\$\\s${written.replace(/\./g, "\\.")} · Loja Demo$`));
      await page.screenshot({ path: testInfo.outputPath(`pix-en-${typed.replace(/\W/g, "")}-390x664.png`) });
      await keepScreenshot(page, testInfo, `pix-en-${typed.replace(/\W/g, "")}-390`);
    });
  }

  test("an amount over the limit is refused naming the limit, in English and Portuguese", async ({
    page,
  }, testInfo) => {
    const url = await directUrl({ amount: undefined });
    await page.goto(`${url}?lang=en`);
    await page.getByLabel("Amount (R$)").pressSequentially("1,000,000.00");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("The amount is over the limit of R$ 100,000.00 per payment.")).toBeVisible();
    await expect(page.getByLabel("Amount (R$)")).toHaveValue("1,000,000.00");
    await expect(page.getByLabel("Amount (R$)")).toBeFocused();
    await keepScreenshot(page, testInfo, "amount-over-limit-en-390");
    await page.goto(url);
    await page.getByLabel("Valor (R$)").pressSequentially("1.000.000,00");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("O valor passa do limite de R$ 100.000,00 por pagamento.")).toBeVisible();
    // Not an amount at all is still said as before.
    await page.getByLabel("Valor (R$)").fill("abc");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Informe um valor válido, como 50,00.")).toBeVisible();
    await expectAccessibleLightAndDark(page, testInfo, "amount-invalid-390x664");
  });
});

test("the CPF field refuses letters, checks its digits on leaving, and an error sends focus to the first field to fix", async ({
  page,
}, testInfo) => {
  const payment = await paymentInitiation(page, { cpf: "123.456.789-00", email: "" });
  await page.goto(payment.url);
  const cpf = page.getByLabel("CPF");
  // The shop's invalid value is flagged as the page opens.
  await expect(cpf).toHaveAttribute("aria-invalid", "true");
  await cpf.fill("");
  await cpf.pressSequentially("abc111.111.111-11xyz");
  await expect(cpf).toHaveValue("111.111.111-11");
  await cpf.blur();
  await expect(page.getByText("Este CPF não existe. Confira os dígitos.")).toBeVisible();
  expect(await cpf.evaluate((node) => parseFloat(getComputedStyle(node).fontSize))).toBeGreaterThanOrEqual(16);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await keepScreenshot(page, testInfo, "cpf-errors-390");
  await expectAccessibleLightAndDark(page, testInfo, "cpf-errors-390");
  await page.getByLabel("E-mail").fill(EMAIL);
  await cpf.fill(CPF);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("group", { name: "Escolha o seu banco" })).toBeVisible();
});

test("back on the form, an open amount and method are the customer's again; once the Pix code exists the page says the amount is fixed", async ({
  page,
}, testInfo) => {
  await page.goto(await directUrl({ amount: undefined }));
  const form = page.url();
  const amount = page.getByLabel("Valor (R$)");
  await amount.fill("50,00");
  await page.getByRole("radio", { name: "Bradesco" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(form);
  await expect(amount).toBeEditable();
  await page.goForward();
  // The page's own way back: the earlier choice, still the customer's to change.
  await page.getByRole("link", { name: "Trocar de banco" }).click();
  await expect(amount).toHaveValue("50,00");
  await expect(amount).toBeEditable();
  await expect(page.getByRole("radio", { name: "Bradesco" })).toBeChecked();
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s50,00/);
  await keepScreenshot(page, testInfo, "back-to-form-390");
  await expectAccessibleLightAndDark(page, testInfo, "back-to-form-390");
  await amount.fill("80,00");
  await page.getByRole("radio", { name: "Pix" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s80,00/);

  // Back again: the BR Code carries R$ 80,00, and the page says so instead of locking in silence.
  await page.goBack();
  await expect(page).toHaveURL(form);
  if (await amount.isVisible()) {
    // The browser showed the form it kept: another amount is answered with why it cannot change.
    await amount.fill("90,00");
    await page.getByRole("button", { name: "Continuar" }).click();
  }
  await expect(page.getByRole("heading", { name: "O código Pix já foi gerado" })).toBeVisible();
  await expect(page.getByTestId("fixed-amount")).toHaveText(/R\$\s80,00/);
  await expect(page.getByTestId("charge-issued")).toContainText("volte para a loja e comece um novo pagamento");
  await page.reload();
  await expect(page.getByTestId("fixed-amount")).toHaveText(/R\$\s80,00/);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "amount-fixed-390");
  await expectAccessibleLightAndDark(page, testInfo, "amount-fixed-390");
  await page.getByRole("button", { name: "Ver o código Pix" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s80,00/);
});

test('"Outro banco? Pague com Pix" pays the same order by Pix from the bank step; a bank the shop sent stays', async ({
  page,
}, testInfo) => {
  const payment = await paymentInitiation(page);
  await page.goto(`${payment.url}/banco`);
  const offer = page.getByRole("button", { name: "Outro banco? Pague com Pix" });
  await expect(offer).toBeVisible();
  await keepScreenshot(page, testInfo, "bank-pix-offer-390");
  await expectAccessibleLightAndDark(page, testInfo, "bank-pix-offer-390");
  await offer.click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s149,90/);
  await keepScreenshot(page, testInfo, "bank-to-pix-390");
  // Back on the bank step, the Pix pays the order now.
  await page.goto(`${payment.url}/banco`);
  await expect(page.getByRole("heading", { name: "O código Pix já foi gerado" })).toBeVisible();
  await page.goto(`${payment.url}/pix`);
  cashier("deposit", "pay", payment.id);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(`${shop.url}/ok`, { timeout: 15_000 });

  // Gateway In: a bank the customer chose can be changed or turned into Pix; one the shop sent cannot.
  await page.goto(await directUrl());
  await page.getByRole("radio", { name: "Caixa" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Trocar de banco" })).toBeVisible();
  await keepScreenshot(page, testInfo, "consent-pix-offer-390");
  await expectAccessibleLightAndDark(page, testInfo, "consent-pix-offer-390");
  await page.getByRole("button", { name: "Outro banco? Pague com Pix" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s149,90/);
  await page.goto(await directUrl({ paymentMethod: "caixa" }));
  await expect(page.getByRole("heading", { name: "Autorize o pagamento" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Outro banco? Pague com Pix" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Trocar de banco" })).toHaveCount(0);
});

/** A 96×96 PNG logo drawn here (a green disc on white), so the test needs no image file. */
function drawLogo(): string {
  const size = 96;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const isDisc = (x - 47.5) ** 2 + (y - 47.5) ** 2 < 40 ** 2;
      rows.set(isDisc ? [4, 120, 87] : [255, 255, 255], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const png = encodePng({ width: size, height: size, bitDepth: 8, colorType: 2, scanlines: rows });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "cashier-e2e-logo-")), "logo.png");
  writeFileSync(file, png);
  return file;
}

test("the merchant's logo beside its name and the order's description, on the checkout and the Pix screen", async ({
  page,
}, testInfo) => {
  const longName = "Mercado Solidário da Vila Esperança";
  const shopWithLogo = JSON.parse(
    cashier("merchant", "create", "--name", longName, "--redirect-origin", shop.url),
  ) as Merchant;
  cashier("merchant", "update", shopWithLogo.merchantId, "--logo", drawLogo());
  // No return_url: the way back is the merchant's own site, its one registered origin.
  const data = customer({
    amount: undefined,
    currency: "BRL",
    reference: `e2e-cx-logo-${Date.now()}`,
    brand: "Assinatura Premium",
  });
  await page.goto(
    `/direct/${shopWithLogo.keyId}/${await signRequestToken({ keyId: shopWithLogo.keyId, secret: shopWithLogo.secret, data })}`,
  );
  const logo = page.getByTestId("merchant-logo");
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
  expect(new URL((await logo.getAttribute("src")) ?? "", page.url()).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByTestId("order-description")).toHaveText("Assinatura Premium");
  // The whole name, wrapped beside the logo on a phone: never cut to "Mercado So…".
  const name = page.getByTestId("merchant-name");
  await expect(name).toHaveText(longName);
  expect(await name.evaluate((node) => node.scrollWidth <= node.clientWidth && node.clientHeight > 30)).toBe(true);
  await expect(page.getByRole("link", { name: "Voltar para a loja", exact: true })).toHaveAttribute(
    "href",
    `${shop.url}/`,
  );
  await keepScreenshot(page, testInfo, "logo-checkout-390");
  await expectAccessibleLightAndDark(page, testInfo, "logo-checkout-390");
  await page.getByLabel("Valor (R$)").fill("29,90");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/pix$/);
  await expect(page.getByTestId("order-description")).toHaveText("Assinatura Premium");
  await expect(logo).toBeVisible();
  await keepScreenshot(page, testInfo, "logo-pix-390");
  await expectAccessibleLightAndDark(page, testInfo, "logo-pix-390");
  // A merchant without a logo shows its name alone.
  await page.goto(await directUrl());
  await expect(page.getByTestId("merchant-name")).toHaveText("Loja Demo");
  await expect(page.getByTestId("merchant-logo")).toHaveCount(0);
});
