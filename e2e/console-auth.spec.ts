// The console's way in, in Chromium at a desk and on a phone: an operator created with the CLI
// sets a password and TOTP through the setup link and signs in; a merchant viewer without an
// authenticator signs in and sees only what the role may use; a wrong password gets the same
// answer as an unknown e-mail; signing out ends the session. Ten failed sign-ins from one address
// are throttled while another address signs in, and a session idle past its expiry is refused.
import path from "node:path";
import Database from "better-sqlite3";
import { type Browser, expect, test } from "@playwright/test";
import {
  E2E_CONSOLE_PASSWORD,
  consoleUser,
  createConsoleUserWithCli,
  logInToConsole,
  openConsoleNavigation,
  setUpConsoleUser,
  totpCode,
} from "./console-support";
import { E2E_DATA_DIR } from "./environment";
import { cashier, expectAccessible, fitsViewport, keepScreenshot } from "./support";

const viewports = [
  { name: "1280", size: { width: 1280, height: 800 } },
  { name: "390", size: { width: 390, height: 844 } },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: viewport.size });

    test("an operator created with the CLI sets a password and TOTP, signs in and sees the console", async ({
      page,
      context,
    }, testInfo) => {
      const created = createConsoleUserWithCli("operator");
      await page.goto(new URL(created.setupUrl).pathname);
      await expect(page.getByTestId("setup-email")).toHaveText(created.email);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `setup-password-${viewport.name}`);

      const { user, recoveryCodes } = await setUpConsoleUser(page, created);
      expect(recoveryCodes[0]).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
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
      const nav = await openConsoleNavigation(page);
      for (const entry of ["Visão geral", "Transações", "Pagamentos", "Saldo", "Chaves", "Lojistas", "Auditoria"]) {
        await expect(nav.getByRole("link", { name: entry })).toBeVisible();
      }
      const cookie = (await context.cookies()).find((c) => c.name === "cashier_console");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/console" });
      // The known-device cookie: a sign-in budget of this browser's own, read by sign-in alone.
      const device = (await context.cookies()).find((c) => c.name === "cashier_device");
      expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/console" });
      expect(await fitsViewport(page)).toBe(true);
      await keepScreenshot(page, testInfo, `console-operator-${viewport.name}`);

      await page.getByRole("button", { name: "Sair", exact: true }).click();
      await expect(page.getByText("Você saiu do console.")).toBeVisible();
      await page.goto("/console");
      await expect(page).toHaveURL(/\/console\/login$/);
    });

    test("a merchant viewer without an authenticator signs in and sees only the merchant's areas", async ({
      page,
    }, testInfo) => {
      const merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja do Console")) as { merchantId: string };
      const { user } = await setUpConsoleUser(
        page,
        createConsoleUserWithCli("merchant-viewer", merchant.merchantId),
        false,
      );
      await logInToConsole(page, user);
      const nav = await openConsoleNavigation(page);
      await expect(nav.getByRole("link", { name: "Transações" })).toBeVisible();
      for (const hidden of ["Pagamentos", "Lojistas", "Auditoria"])
        await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
      await expect(consoleUser(page)).toContainText("Leitura do lojista");
      expect(await fitsViewport(page)).toBe(true);
      await keepScreenshot(page, testInfo, `console-merchant-viewer-${viewport.name}`);
      // The server refuses what the navigation hides.
      const audit = await page.goto("/console/audit");
      expect(audit?.status()).toBe(403);
    });
  });
}

test("on a phone: the e-mail stays after a wrong password, a skip link leads past the header, and Esc closes the menu", async ({
  page,
}, testInfo) => {
  const { user } = await setUpConsoleUser(page, createConsoleUserWithCli("operator"));
  await page.goto("/console/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill("not the password at all");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("E-mail, senha ou código incorretos.");
  await expect(page.getByLabel("E-mail")).toHaveValue(user.email);
  await expect(page.getByLabel("Senha")).toHaveValue("");
  await keepScreenshot(page, testInfo, "login-refused-email-kept-390");

  await logInToConsole(page, user);
  await page.goto("/console");
  // The first Tab reaches "Pular para o conteúdo", which takes the keyboard to the page's own content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
  await expect(skip).toBeFocused();
  await keepScreenshot(page, testInfo, "skip-link-390");
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  const menu = page.getByTestId("console-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page
    .getByRole("navigation", { name: /^Console$/ })
    .getByRole("link", { name: "Transações" })
    .focus();
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open");
  await expect(menu.locator("summary")).toBeFocused();
});

/** A browser of its own behind the trusted proxy (the e2e server trusts 127.0.0.1), seen as `address`. */
async function browserAt(browser: Browser, address: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return context.newPage();
}

/** The clock moved past the session's idle expiry: what 31 minutes without a click leave in its row. */
function idleSessionsOf(email: string): void {
  const db = new Database(path.join(E2E_DATA_DIR, "cashier.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const sessions = db
      .prepare(
        "SELECT s.id, s.lastSeenAt FROM ConsoleSession s JOIN ConsoleUser u ON u.id = s.userId WHERE u.email = ? AND s.revokedAt IS NULL",
      )
      .all(email) as { id: string; lastSeenAt: string | number }[];
    expect(sessions).toHaveLength(1);
    for (const session of sessions) {
      // Of the type the row holds (ISO text here; a number if the adapter wrote epoch milliseconds).
      const shift = (minutes: number) => {
        const at = new Date(new Date(session.lastSeenAt).getTime() - minutes * 60_000);
        return typeof session.lastSeenAt === "number" ? at.getTime() : at.toISOString();
      };
      db.prepare("UPDATE ConsoleSession SET lastSeenAt = ?, idleExpiresAt = ? WHERE id = ?").run(
        shift(31),
        shift(1),
        session.id,
      );
    }
  } finally {
    db.close();
  }
}

test("ten failed sign-ins from one address are throttled while another signs in; a session idle past its expiry is refused; the audit log has both", async ({
  browser,
}) => {
  // Eleven sign-ins through the page, and a second one of the same account that may wait for the
  // authenticator's next code.
  test.setTimeout(120_000);
  const desk = await browserAt(browser, "198.51.100.7");
  const { user } = await setUpConsoleUser(desk, createConsoleUserWithCli("operator"));

  const attacker = await browserAt(browser, "198.51.100.66");
  await attacker.goto("/console/login");
  const refusal = attacker.getByRole("alert").filter({ hasText: /\S/ });
  for (let i = 1; i <= 10; i++) {
    await attacker.getByLabel("E-mail").fill(user.email);
    await attacker.getByLabel("Senha").fill(`senha errada ${i}`);
    await attacker.getByRole("button", { name: "Entrar" }).click();
    await expect(refusal).toHaveText("E-mail, senha ou código incorretos.");
    // The same answer each time: wait for this attempt's, not the last one's.
    await attacker.reload();
  }
  // The eleventh, with the right password and code: the address waits.
  await attacker.getByLabel("E-mail").fill(user.email);
  await attacker.getByLabel("Senha").fill(user.password);
  await attacker.getByLabel("Código de verificação").fill(totpCode(user.totpSecret!));
  await attacker.getByRole("button", { name: "Entrar" }).click();
  await expect(refusal).toContainText("Muitas tentativas de entrar");
  await expect(attacker).toHaveURL(/\/console\/login$/);

  // Another address signs in with the same account.
  await logInToConsole(desk, user);
  await desk.goto("/console/transactions");
  await expect(desk.getByRole("heading", { level: 1, name: "Transações" })).toBeVisible();

  idleSessionsOf(user.email);
  const export_ = await desk.request.get("/console/transactions/export.csv", { maxRedirects: 0 });
  expect(export_.status()).toBe(307);
  // Each to the login page, carrying where it was going.
  expect(export_.headers().location).toMatch(/\/console\/login\?next=%2Fconsole%2Ftransactions%2Fexport\.csv$/);
  await desk.goto("/console/transactions");
  await expect(desk).toHaveURL(/\/console\/login\?next=%2Fconsole%2Ftransactions$/);
  await desk.goto("/console/audit");
  await expect(desk).toHaveURL(/\/console\/login\?next=%2Fconsole%2Faudit$/);

  // Signed in again: the audit log has the failures, the throttle and the new sign-in, with addresses.
  await logInToConsole(desk, user);
  await desk.goto("/console/audit?action=session.login_throttled");
  await expect(desk.getByRole("row").filter({ hasText: "198.51.100.66" }).filter({ hasText: user.email })).toHaveCount(
    1,
  );
  await desk.goto("/console/audit?action=session.login_failed");
  await expect(desk.getByRole("row").filter({ hasText: "198.51.100.66" })).toHaveCount(10);
  await desk.goto("/console/audit?action=session.logged_in");
  await expect(desk.getByRole("row").filter({ hasText: "198.51.100.7" }).filter({ hasText: user.email })).toHaveCount(
    2,
  );
  for (const page of [desk, attacker]) await page.context().close();
});
