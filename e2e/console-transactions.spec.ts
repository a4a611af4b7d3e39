// The console's transactions in Chromium at a desk (1280×800) and on a phone (390×844): an operator
// finds a deposit created through the API by its reference, opens it, sees its callback attempts,
// resends one and the merchant's receiver (a real local HTTP server) gets the same event again;
// reveals the customer's data and downloads the list as CSV. A merchant admin sees only their
// merchant's transactions, and another merchant's deposit and CSV are not found. Screenshots kept.
import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Page, type TestInfo, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { startReceiver } from "../test/support/callback-receiver";
import { pixDepositRequest } from "../test/support/requests";
import { callApi, paidCallbacks as paidCallbacksOf, signInAsNew } from "./console-support";
import { cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant } from "./support";

const desk = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver();
});

test.afterAll(() => receiver.close());

const newMerchant = (name: string) =>
  JSON.parse(cashier("merchant", "create", "--name", name, "--callback-url", receiver.url)) as Merchant;

/** What the merchant's server does: POST /api/pix signed with its key; the deposit's id from the verified answer. */
const createDeposit = async (request: APIRequestContext, merchant: Merchant, data: Record<string, unknown>) =>
  (await callApi(request, merchant, "/api/pix", data)).id as string;

const paidCallbacks = (depositId: string) => paidCallbacksOf(receiver.received, depositId);

/** What every view must be: accessible, no sideways scrolling, and kept as a screenshot. */
async function look(page: Page, name: string, testInfo: TestInfo) {
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, name);
}

test("an operator finds a deposit by its reference, sees its callback attempts, resends one and the merchant's receiver gets it again", async ({
  page,
  request,
}, testInfo) => {
  const merchant = newMerchant("Loja Console");
  const deposit = pixDepositRequest({ email: "Maria.Souza@example.com" });
  const depositId = await createDeposit(request, merchant, deposit);
  cashier("deposit", "pay", depositId);
  await expect.poll(() => paidCallbacks(depositId).length, { timeout: 15_000 }).toBe(1);
  const eventId = paidCallbacks(depositId)[0].data.event_id as string;

  await page.setViewportSize(desk);
  await signInAsNew(page, "operator");
  await page.getByRole("link", { name: /^Transações$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transações" })).toBeVisible();
  await page.getByLabel("Buscar").fill(deposit.reference);
  await page.getByRole("button", { name: "Filtrar" }).click();
  // The search is the address: it can be shared.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${deposit.reference}`));
  const rows = page.getByTestId("transaction-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-id", depositId);
  await expect(rows.first()).toContainText("Loja Console");
  await expect(rows.first()).toContainText("Pago");
  await look(page, "operator-search-1280", testInfo);

  await page.setViewportSize(phone);
  await look(page, "operator-search-390", testInfo);
  await page.setViewportSize(desk);

  await rows.first().getByRole("link", { name: deposit.reference }).click();
  await expect(page).toHaveURL(`/console/transactions/${depositId}`);
  await expect(page.getByTestId("transaction-id")).toHaveText(depositId);
  const event = page.locator(`[data-event-id="${eventId}"]`);
  await expect(event).toContainText("deposit.paid");
  await expect(event).toContainText("Entregue");
  await expect(event.getByTestId("callback-attempt")).toHaveCount(1);
  await expect(event.getByTestId("callback-attempt").first()).toHaveAttribute("data-state", "succeeded");
  await expect(event.getByTestId("callback-attempt").first()).toContainText("HTTP 204");
  await expect(page.getByTestId("customer-data")).toContainText("M***@example.com");
  await look(page, "operator-detail-1280", testInfo);

  await event.getByRole("button", { name: "Reenviar" }).click();
  await expect(event.getByRole("status")).toHaveText("Callback na fila para reenvio.");
  await expect.poll(() => paidCallbacks(depositId).length, { timeout: 15_000 }).toBe(2);
  expect(paidCallbacks(depositId).map((r) => r.data.event_id)).toEqual([eventId, eventId]);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .locator(`[data-event-id="${eventId}"] [data-testid="callback-attempt"][data-state="succeeded"]`)
          .count();
      },
      { timeout: 15_000 },
    )
    .toBe(2);

  await page.getByRole("button", { name: "Mostrar dados do cliente" }).click();
  await expect(page.getByTestId("customer-data")).toHaveAttribute("data-revealed", "true");
  await expect(page.getByTestId("customer-data")).toContainText("Maria.Souza@example.com");
  await expect(page.getByTestId("customer-data")).toContainText("52998224725");
  await look(page, "operator-detail-resent-revealed-1280", testInfo);

  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByTestId("customer-data")).toContainText("M***@example.com");
  await look(page, "operator-detail-390", testInfo);

  await page.goto(`/console/transactions?q=${deposit.reference}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(depositId);
  expect(lines[1]).toContain("M***@example.com");
  expect(csv).not.toContain("Maria.Souza@example.com");
});

test("a merchant admin sees only their merchant's transactions; another merchant's deposit and CSV are not found", async ({
  page,
  request,
}, testInfo) => {
  const own = newMerchant("Loja Própria");
  const other = newMerchant("Loja Alheia");
  const ownDeposit = pixDepositRequest();
  const otherDeposit = pixDepositRequest();
  const ownId = await createDeposit(request, own, ownDeposit);
  const otherId = await createDeposit(request, other, otherDeposit);

  await page.setViewportSize(desk);
  await signInAsNew(page, "merchant-admin", own.merchantId);
  await page.goto("/console/transactions");
  const ids = await page
    .getByTestId("transaction-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
  expect(ids).toEqual([ownId]);
  // No merchant column or filter for a merchant's users.
  await expect(page.getByLabel("Lojista")).toHaveCount(0);
  await look(page, "merchant-list-1280", testInfo);

  await page.goto(`/console/transactions?q=${otherDeposit.reference}`);
  await expect(page.getByText("Nenhuma transação com esses filtros.")).toBeVisible();
  await page.setViewportSize(phone);
  await page.goto("/console/transactions");
  await expect(page.getByTestId("transaction-row")).toHaveCount(1);
  await look(page, "merchant-list-390", testInfo);

  for (const path of [`/console/transactions/${otherId}`, `/console/transactions?merchant=${other.merchantId}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const csv = await page.request.get(`/console/transactions/export.csv?merchant=${other.merchantId}`);
  expect(csv.status()).toBe(404);
  const ownCsv = await page.request.get("/console/transactions/export.csv");
  expect(ownCsv.status()).toBe(200);
  expect(await ownCsv.text()).not.toContain(otherId);

  // A NUL in a filter is named as the filter's problem, never handed to the database (where
  // PostgreSQL answered it with a 500).
  const nulCsv = await page.request.get("/console/transactions/export.csv?q=a%00b");
  expect(nulCsv.status()).toBe(422);
  expect(await nulCsv.json()).toMatchObject({ fields: [{ path: "q", message: expect.stringContaining("NUL") }] });
  const nulPage = await page.goto("/console/transactions?q=a%00b");
  expect(nulPage?.status()).toBeLessThan(500);
});

test("on a phone: a 100-character reference wraps, the search finds it by its beginning and says what it matches, and a Gateway In link without an amount shows —", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(phone);
  const merchant = newMerchant("Loja Referência Longa");
  const reference = `pedido-${Date.now()}-${"x".repeat(79)}`;
  expect(reference).toHaveLength(100);
  const depositId = await createDeposit(request, merchant, pixDepositRequest({ reference }));
  // A Gateway In link the customer opened and left before typing the amount.
  const draft = { ...pixDepositRequest(), amount: undefined, buyer_ip: undefined };
  const token = await signRequestToken({
    keyId: merchant.keyId,
    secret: merchant.secret,
    data: JSON.parse(JSON.stringify(draft)),
  });
  expect((await request.get(`/direct/${merchant.keyId}/${token}`, { maxRedirects: 0 })).status()).toBeLessThan(400);

  await signInAsNew(page, "operator");
  await page.goto("/console/transactions");
  await expect(
    page.getByText(
      "Valor inteiro do ID, transfer id, end-to-end Pix, e-mail ou CPF do cliente, ou o começo da referência",
    ),
  ).toBeVisible();
  const draftRow = page.getByTestId("transaction-row").filter({ hasText: draft.reference });
  await expect(draftRow).toContainText("—");
  await expect(draftRow).not.toContainText("R$ 0,00");
  await draftRow.getByRole("link", { name: draft.reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Depósito · —");
  await page.goto("/console/transactions");
  await page.getByLabel("Buscar").fill(reference.slice(0, 20));
  await page.getByRole("button", { name: "Filtrar" }).click();
  const rows = page.getByTestId("transaction-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-id", depositId);
  await look(page, "search-by-prefix-390", testInfo);

  await page.goto(`/console/transactions/${depositId}`);
  await expect(page.getByTestId("transaction-id")).toHaveText(depositId);
  await look(page, "long-reference-390", testInfo);
});
