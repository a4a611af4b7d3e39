// Every console page (e2e/console-pages.ts) on a phone, 390×844, as an operator, a merchant
// admin, a merchant viewer and signed out: the navigation's every entry reached through the menu,
// no table cell overflowing its box (rows are cards), every visible text at 4.5:1 against the
// background it is drawn on in dark and light mode (measured, not axe's word), and axe with no
// serious or critical violation in either. Screenshots are kept in test-results/e2e.
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { startReceiver } from "../test/support/callback-receiver";
import { pixDepositRequest, pixPayoutRequest } from "../test/support/requests";
import { type ConsolePageSubjects, pagesFor } from "./console-pages";
import {
  type ConsoleRole,
  callApi,
  createConsoleUserWithCli,
  logInToConsole,
  openConsoleNavigation,
  setUpConsoleUser,
} from "./console-support";
import { E2E_BASE_URL } from "./environment";
import { findLowContrastText, findOtherLanguageText, findOverflowingCells } from "./page-checks";
import { addEfiAccount, cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant } from "./support";

const roles: ConsoleRole[] = ["operator", "merchant-admin", "merchant-viewer"];

// Each page is measured and run through axe twice, with full-page screenshots: minutes on a busy machine.
test.describe.configure({ timeout: 180_000 });

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let efi: PspSimulator;
let subjects: ConsolePageSubjects;
const cookies = new Map<ConsoleRole, Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>>();

test.beforeAll(async ({ browser }) => {
  // Three users set up and signed in (the operator's authenticator code may mean waiting for the next one).
  test.setTimeout(480_000);
  // Pages with something in every table: a merchant with a paid deposit (its callback delivered),
  // a pending one, a payout in the operators' queue, a ledger, keys, and a PSP account.
  receiver = await startReceiver();
  efi = await startPspSimulator({ profile: "efi" });
  addEfiAccount(efi);
  const merchant = JSON.parse(
    cashier("merchant", "create", "--name", "Loja das Páginas", "--callback-url", receiver.url),
  ) as Merchant;
  cashier("merchant", "fund", merchant.merchantId, "1000,00");
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const paid = await callApi(context.request, merchant, "/api/pix", pixDepositRequest({ amount: "149.90" }));
  cashier("deposit", "pay", paid.id as string);
  await callApi(context.request, merchant, "/api/pix", pixDepositRequest({ amount: "1234.56" }));
  await callApi(context.request, merchant, "/api/gateway-out", pixPayoutRequest("12.34"));
  // A merchant without a callback URL: its callback is refused, and the operator's overview says
  // why under "Última resposta" (the raw text, with its shell command, folded away).
  const silent = JSON.parse(cashier("merchant", "create", "--name", "Loja Sem Callback")) as Merchant;
  cashier("deposit", "pay", (await callApi(context.request, silent, "/api/pix", pixDepositRequest())).id as string);
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
  subjects = {
    transactionId: paid.id as string,
    merchantId: merchant.merchantId,
    setupPath: new URL(createConsoleUserWithCli("merchant-viewer", merchant.merchantId).setupUrl).pathname,
  };
  // One user of each role, set up and signed in once; each test starts from their session.
  for (const role of roles) {
    const page = await context.newPage();
    const created = createConsoleUserWithCli(role, role === "operator" ? undefined : merchant.merchantId);
    const { user } = await setUpConsoleUser(page, created, role === "operator");
    await logInToConsole(page, user);
    cookies.set(role, await context.cookies());
    await context.clearCookies();
    await page.close();
  }
  await context.close();
});

test.afterAll(async () => {
  await receiver?.close();
  await efi?.close();
});

/** Contrast measured and axe run in one colour scheme, with the page's screenshot kept. */
async function checkScheme(page: Page, testInfo: TestInfo, name: string, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await keepScreenshot(page, testInfo, `${name}-${scheme}`);
  expect(await findLowContrastText(page), `${name} in ${scheme} mode: text below 4.5:1`).toEqual([]);
  await expectAccessible(page);
}

for (const role of roles) {
  test.describe(`as ${role}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies(cookies.get(role)!);
    });

    test("every navigation entry is in the phone's menu, and each opens its page", async ({ page }, testInfo) => {
      const entries = pagesFor(role).filter((p) => p.nav);
      await page.goto("/console");
      // A compact header: one line, the menu closed.
      const header = (await page.locator("header").first().boundingBox())!;
      expect(header.height).toBeLessThanOrEqual(64);
      // The merchant's money is test money: its users see it in the header; an operator sees it per transaction.
      await expect(page.locator("header").first().getByTestId("sandbox-badge")).toHaveCount(
        role === "operator" ? 0 : 1,
      );
      for (const entry of entries) {
        const nav = await openConsoleNavigation(page);
        await expect(nav.getByRole("link")).toHaveCount(entries.length);
        const link = nav.getByRole("link", { name: entry.nav, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toBeInViewport();
        if (entry === entries[0]) {
          for (const scheme of ["light", "dark"] as const)
            await checkScheme(page, testInfo, `menu-open-${role}`, scheme);
          await page.emulateMedia({ colorScheme: "light" });
        }
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${entry.path(subjects)}$`));
        await expect(page.getByTestId("console-menu")).not.toHaveAttribute("open");
      }
    });

    for (const consolePage of pagesFor(role)) {
      test(`${consolePage.name}: cards fit, text contrast and axe in light and dark`, async ({ page }, testInfo) => {
        const response = await page.goto(consolePage.path(subjects));
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(/\S/);
        expect(await findOverflowingCells(page), `${consolePage.name}: cells`).toEqual([]);
        const silentRow = page.getByRole("row").filter({ hasText: "Loja Sem Callback" });
        if (consolePage.name === "overview" && role === "operator") {
          await expect.poll(async () => (await page.reload(), silentRow.count()), { timeout: 20_000 }).toBe(1);
        }
        // Portuguese throughout: no English refusal, error or reply outside the technical detail.
        expect(await findOtherLanguageText(page, "pt-BR"), `${consolePage.name}: English text`).toEqual([]);
        if (consolePage.name === "overview" && role === "operator") {
          await expect(silentRow.getByTestId("delivery-error")).toContainText("não tem URL de callback");
          await silentRow.getByText("detalhe técnico").click();
          await expect(silentRow.getByTestId("delivery-error")).toContainText("npm run -s cashier");
        }
        if (consolePage.name === "audit") {
          // Actions in words, never their codes.
          await expect(page.getByRole("cell", { name: "Entrou", exact: true }).first()).toBeVisible();
          await expect(page.getByRole("cell", { name: /^[a-z_]+\.[a-z_.]+$/ })).toHaveCount(0);
        }
        if (consolePage.name === "payouts") {
          // The destination masked, as the transaction's detail shows it, and named.
          await expect(page.getByText("Chave Pix ***.982.247-**").first()).toBeVisible();
          expect(await page.content()).not.toContain("52998224725");
        }
        expect(await fitsViewport(page)).toBe(true);
        for (const scheme of ["light", "dark"] as const)
          await checkScheme(page, testInfo, `${consolePage.name}-${role}`, scheme);
        if (consolePage.name === "transactions") {
          // The sandbox merchant's rows each say so (the suite's other specs add live ones to the list).
          await page.goto(`/console/transactions?merchant=${subjects.merchantId}`);
          const rows = page.getByTestId("transaction-row");
          await expect(rows.first()).toBeVisible();
          await expect(rows.getByTestId("sandbox-badge")).toHaveCount(await rows.count());
        }
      });
    }
  });
}

for (const consolePage of pagesFor("signed-out")) {
  test(`signed out, ${consolePage.name}: text contrast and axe in light and dark`, async ({ page }, testInfo) => {
    const response = await page.goto(consolePage.path(subjects));
    expect(response?.status()).toBe(200);
    expect(await fitsViewport(page)).toBe(true);
    expect(await findOtherLanguageText(page, "pt-BR"), `${consolePage.name}: English text`).toEqual([]);
    for (const scheme of ["light", "dark"] as const)
      await checkScheme(page, testInfo, `${consolePage.name}-signed-out`, scheme);
  });
}
