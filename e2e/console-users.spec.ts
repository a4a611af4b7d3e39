// Users in the console, in Chromium: an operator invites a merchant viewer from the users page,
// the viewer opens the setup link, sets a password and an authenticator and signs in; the
// operator disables them, and the viewer's open session ends at their next page load. A
// signed-out deep link survives sign-in with its authenticator code; a foreign `next` does not.
// Screenshots at 390x844 and 1280x800.
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import {
  consoleUser,
  createConsoleUserWithCli,
  logInToConsole,
  openConsoleNavigation,
  setUpConsoleUser,
  signInAsNew,
  submitLogin,
} from "./console-support";
import { cashier, expectAccessible, fitsViewport, keepScreenshot } from "./support";

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

/** The page kept at both sizes, accessible and without sideways scrolling at each. */
async function keepAtBothSizes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESK],
  ] as const) {
    await page.setViewportSize(size);
    expect(await fitsViewport(page), `${name} at ${label}`).toBe(true);
    await keepScreenshot(page, testInfo, `${name}-${label}`);
  }
  await expectAccessible(page);
}

test("an operator invites a merchant viewer, who sets up and signs in; disabled, their session ends", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  cashier("merchant", "create", "--name", "Loja dos Usuários");
  const operatorPage = await (await browser.newContext({ viewport: PHONE, locale: "pt-BR" })).newPage();
  await signInAsNew(operatorPage, "operator");
  await (await openConsoleNavigation(operatorPage)).getByRole("link", { name: "Usuários" }).click();
  await expect(operatorPage.getByRole("heading", { name: "Usuários", level: 1 })).toBeVisible();

  const email = `leitura-${Date.now()}@loja.example`;
  await operatorPage.getByLabel("E-mail").fill(email);
  await operatorPage.getByLabel("Papel").selectOption({ label: "Leitura do lojista" });
  await operatorPage.getByLabel("Lojista").selectOption({ label: "Loja dos Usuários" });
  await operatorPage.getByRole("button", { name: "Convidar" }).click();
  const shown = operatorPage.getByTestId("setup-link-once");
  await expect(shown).toContainText(email);
  const setupUrl = (await operatorPage.getByTestId("setup-link").textContent())!.trim();
  expect(setupUrl).toMatch(/\/console\/setup\/[A-Za-z0-9_-]{43}$/);
  const row = operatorPage.getByTestId(`user-${email}`);
  await expect(row).toContainText("Leitura do lojista");
  await expect(row).toContainText("Aguardando configuração");
  await expect(row).not.toContainText("merchant-viewer");
  await keepAtBothSizes(operatorPage, testInfo, "users-invited");

  const viewerPage = await (await browser.newContext({ viewport: PHONE, locale: "pt-BR" })).newPage();
  const { user: viewer } = await setUpConsoleUser(viewerPage, { email, setupUrl });
  expect(viewer.totpSecret).not.toBeNull();
  await logInToConsole(viewerPage, viewer);
  await expect(consoleUser(viewerPage)).toContainText("Leitura do lojista");
  // A viewer manages no one: no link, and the page is refused.
  await expect(viewerPage.getByRole("link", { name: "Usuários" })).toHaveCount(0);
  const refused = await viewerPage.goto("/console/users");
  expect(refused?.status()).toBe(403);
  await viewerPage.goto("/console/transactions");
  await expect(consoleUser(viewerPage)).toContainText(email);

  await operatorPage.reload();
  await expect(row).toContainText("Ativo");
  await expect(row).toContainText("Autenticador ativo");
  await row.getByRole("button", { name: `Desativar ${email}` }).click();
  await expect(row).toContainText("não consegue mais entrar");
  await keepAtBothSizes(operatorPage, testInfo, "users-disable-confirm");
  await row.getByRole("button", { name: `Confirmar desativação ${email}` }).click();
  await expect(row).toContainText("Desativado");
  await expect(row.getByRole("button")).toHaveCount(0);
  await keepAtBothSizes(operatorPage, testInfo, "users-disabled");

  // The viewer's open page: their next load lands on login, carrying where they were.
  await viewerPage.reload();
  await expect(viewerPage).toHaveURL(/\/console\/login\?next=%2Fconsole%2Ftransactions$/);
  await expect(viewerPage.getByRole("heading", { name: "Entrar no console" })).toBeVisible();
  await submitLogin(viewerPage, viewer);
  await expect(viewerPage.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "E-mail, senha ou código incorretos.",
  );
  await keepScreenshot(viewerPage, testInfo, "disabled-viewer-login-390");
});

test("a merchant admin invites only into their merchant, and is offered no operator role", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja do Admin")) as { merchantId: string };
  const page = await (await browser.newContext({ viewport: DESK, locale: "pt-BR" })).newPage();
  await signInAsNew(page, "merchant-admin", merchant.merchantId);
  await page.goto("/console/users");
  await expect(page.getByLabel("Papel").locator("option")).toHaveText([
    "Leitura do lojista",
    "Administrador do lojista",
  ]);
  await expect(page.getByLabel("Lojista")).toHaveCount(0);
  const email = `colega-${Date.now()}@loja.example`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Convidar" }).click();
  await expect(page.getByTestId("setup-link-once")).toContainText(email);
  const listed = await page.getByRole("list", { name: "Usuários do console" }).getByRole("listitem").allTextContents();
  expect(listed.length).toBe(2);
  expect(listed.join(" ")).not.toContain("Operador");
  await keepAtBothSizes(page, testInfo, "users-admin");
});

test("a signed-out deep link lands on its page after sign-in with the authenticator; a foreign one on the overview", async ({
  browser,
}) => {
  // Three sign-ins of one operator: the third waits for the authenticator's next code.
  test.setTimeout(150_000);
  const page = await (await browser.newContext({ viewport: PHONE, locale: "pt-BR" })).newPage();
  const { user } = await setUpConsoleUser(page, createConsoleUserWithCli("operator"));
  await page.goto("/console/transactions?status=paid");
  await expect(page).toHaveURL(/\/console\/login\?next=%2Fconsole%2Ftransactions%3Fstatus%3Dpaid$/);
  await submitLogin(page, user);
  await expect(page).toHaveURL(/\/console\/transactions\?status=paid$/);
  await expect(consoleUser(page)).toContainText(user.email);

  const fresh = await (await browser.newContext({ viewport: PHONE, locale: "pt-BR" })).newPage();
  for (const next of ["//evil.example/console", "/\\evil.example/console"]) {
    await fresh.context().clearCookies();
    await fresh.goto(`/console/login?next=${encodeURIComponent(next)}`);
    await submitLogin(fresh, user);
    await expect(consoleUser(fresh)).toContainText(user.email);
    expect(new URL(fresh.url()).pathname, next).toBe("/console");
  }
});
