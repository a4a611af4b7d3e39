// The console's way in, in Chromium at a desk and on a phone: an operator created with the CLI
// sets a password and TOTP through the setup link and signs in; a merchant viewer without an
// authenticator signs in and sees only what the role may use; a wrong password gets the same
// answer as an unknown e-mail; signing out ends the session.
import { expect, test } from "@playwright/test";
import { E2E_CONSOLE_PASSWORD, createConsoleUserWithCli, logInToConsole, setUpConsoleUser } from "./console-support";
import { cashier, expectAccessible, fitsViewport, keepScreenshot } from "./support";

const viewports = [
  { name: "1280", size: { width: 1280, height: 800 } },
  { name: "390", size: { width: 390, height: 844 } },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: viewport.size });

    test("an operator created with the CLI sets a password and TOTP, signs in and sees the console", async ({ page, context }, testInfo) => {
      const created = createConsoleUserWithCli("operator");
      await page.goto(new URL(created.setupUrl).pathname);
      await expect(page.getByTestId("setup-email")).toHaveText(created.email);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `setup-password-${viewport.name}`);

      const { user, recoveryCodes } = await setUpConsoleUser(page, created);
      expect(recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      await keepScreenshot(page, testInfo, `setup-recovery-codes-${viewport.name}`);
      // Used up: the link opens nothing any more.
      await page.goto(new URL(created.setupUrl).pathname);
      await expect(page.getByText(/não é válido/)).toBeVisible();

      await page.goto("/console/login");
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Senha").fill("not the password at all");
      await page.getByRole("button", { name: "Entrar" }).click();
      // Next.js's route announcer is an (empty) alert too.
      const refusal = page.getByRole("alert").filter({ hasText: /\S/ });
      await expect(refusal).toHaveText("E-mail, senha ou código incorretos.");
      await page.getByLabel("E-mail").fill("nobody@example.com");
      await page.getByLabel("Senha").fill(E2E_CONSOLE_PASSWORD);
      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(refusal).toHaveText("E-mail, senha ou código incorretos.");
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `login-refused-${viewport.name}`);

      await logInToConsole(page, user);
      const nav = page.getByRole("navigation", { name: "Console" });
      for (const entry of ["Visão geral", "Transações", "Pagamentos", "Saldo", "Chaves", "Lojistas", "Auditoria"]) {
        await expect(nav.getByRole("link", { name: entry })).toBeVisible();
      }
      const cookie = (await context.cookies()).find((c) => c.name === "cashier_console");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/console" });
      expect(await fitsViewport(page)).toBe(true);
      await keepScreenshot(page, testInfo, `console-operator-${viewport.name}`);

      await page.getByRole("button", { name: "Sair", exact: true }).click();
      await expect(page.getByText("Você saiu do console.")).toBeVisible();
      await page.goto("/console");
      await expect(page).toHaveURL(/\/console\/login$/);
    });

    test("a merchant viewer without an authenticator signs in and sees only the merchant's areas", async ({ page }, testInfo) => {
      const merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja do Console")) as { merchantId: string };
      const { user } = await setUpConsoleUser(page, createConsoleUserWithCli("merchant-viewer", merchant.merchantId), false);
      await logInToConsole(page, user);
      const nav = page.getByRole("navigation", { name: "Console" });
      await expect(nav.getByRole("link", { name: "Transações" })).toBeVisible();
      for (const hidden of ["Pagamentos", "Lojistas", "Auditoria"]) await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
      await expect(page.getByTestId("console-user")).toContainText("Leitura do lojista");
      expect(await fitsViewport(page)).toBe(true);
      await keepScreenshot(page, testInfo, `console-merchant-viewer-${viewport.name}`);
      // The server refuses what the navigation hides.
      const audit = await page.goto("/console/audit");
      expect(audit?.status()).toBe(404);
    });
  });
}
