// Refunds from the console (issue 27) in Chromium: an operator refunds part of a paid sandbox
// deposit, then the rest, each through the form's confirmation step; after each, the console's
// list and detail, the CSV export and the customer's re-opened payment link show the refunded
// state, and the merchant's receiver (a real local HTTP server) gets a signed refund.completed.
// Screenshots at 390×844 and 1280×800 are kept.
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { startReceiver } from "../test/support/callback-receiver";
import { signInAsNew } from "./console-support";
import { cashier, depositIdOf, expectAccessible, fitsViewport, keepScreenshot, type Merchant } from "./support";

const phone = { width: 390, height: 844 };
const desk = { width: 1280, height: 800 };

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let merchant: Merchant;

test.beforeAll(async () => {
  receiver = await startReceiver();
  merchant = JSON.parse(
    cashier("merchant", "create", "--name", "Loja Devoluções", "--callback-url", receiver.url),
  ) as Merchant;
});

test.afterAll(() => receiver.close());

/** The shop's Gateway In link for a Pix of R$ 50,00, opened by the customer: the payment's own address. */
async function openPaymentLink(page: Page, reference: string): Promise<string> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "50,00",
    currency: "BRL",
    reference,
    merchant_user: "cliente-42",
    country: "BR",
    paymentMethod: "pix",
  };
  await page.goto(
    `/direct/${merchant.keyId}/${await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data })}`,
  );
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\/pix$/);
  return new URL(page.url()).pathname.replace(/\/pix$/, "");
}

/** What the merchant's server does to find the deposit: POST /api/status by its reference, verified. */
/** The refund.completed callbacks the receiver got for the deposit, each verified with the merchant's key. */
async function refundCallbacks(depositId: string, count: number) {
  const ofDeposit = () =>
    receiver.received.filter((r) => r.data.type === "refund.completed" && r.data.deposit_id === depositId);
  await expect.poll(() => ofDeposit().length, { timeout: 20_000 }).toBe(count);
  return Promise.all(
    ofDeposit().map(async (received) => {
      const { payload, protectedHeader } = await jwtVerify(received.jwt, new TextEncoder().encode(merchant.secret));
      expect(protectedHeader).toMatchObject({ kid: merchant.keyId, typ: "cashier-callback+jwt" });
      return payload.data as Record<string, unknown>;
    }),
  );
}

/** The page kept at both sizes, looked at by axe, with nothing wider than the phone. */
async function keepAtBothSizes(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize(desk);
  await keepScreenshot(page, testInfo, `${name}-1280`);
  await page.setViewportSize(phone);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, `${name}-390`);
  await expectAccessible(page);
}

/** The refund form filled and confirmed: the amount typed as the console writes money, a reason. */
async function refundFromConsole(page: Page, amount: string, expectedPrefill: string, reason: string) {
  const form = page.getByTestId("refund-form");
  await form.getByRole("button", { name: "Devolver", exact: true }).click();
  const field = form.getByLabel("Valor a devolver");
  await expect(field).toHaveValue(expectedPrefill);
  await field.fill(amount);
  await form.getByLabel("Motivo").fill(reason);
  await form.getByRole("button", { name: "Revisar devolução" }).click();
  await expect(form.getByRole("button", { name: `Confirmar devolução de R$ ${amount}` })).toBeVisible();
}

test.use({ viewport: phone, locale: "pt-BR" });

test("an operator refunds part, then the rest, of a paid deposit: console, CSV, the customer's link and two refund.completed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const reference = `e2e-devolucao-${Date.now()}`;
  const customer = await (await browser.newContext({ viewport: phone, locale: "pt-BR" })).newPage();
  const paymentPath = await openPaymentLink(customer, reference);
  const depositId = await depositIdOf(page, merchant, reference);
  cashier("deposit", "pay", depositId);
  // The Pix screen sees the payment and turns into the receipt by itself.
  await expect(customer.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 15_000 });
  await expect(customer.getByTestId("receipt-refund")).toHaveCount(0);

  await signInAsNew(page, "operator");
  await page.goto(`/console/transactions/${depositId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("R$ 50,00");

  // Part of it: R$ 20,00 of the R$ 50,00.
  await refundFromConsole(page, "20,00", "50,00", "Item faltando no pedido");
  await keepAtBothSizes(page, testInfo, "1-refund-confirm");
  await page.getByRole("button", { name: "Confirmar devolução de R$ 20,00" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Devolução rfd_\w+ de R\$\s20,00 pedida/ })).toBeVisible();
  await expect(page.locator("header").getByText("Parcialmente devolvido")).toBeVisible();
  await expect(page.getByTestId("refunded-total")).toContainText("−R$ 20,00");
  await keepAtBothSizes(page, testInfo, "2-detail-partially-refunded");

  const [partial] = await refundCallbacks(depositId, 1);
  expect(partial).toMatchObject({ deposit_id: depositId, reference, amount: "20.00", status: "completed" });

  await page.goto(`/console/transactions?q=${reference}`);
  const depositRow = page.locator(`[data-testid="transaction-row"][data-id="${depositId}"]`);
  await expect(depositRow).toContainText("Parcialmente devolvido");
  await expect(depositRow).toContainText("R$ 50,00");
  const refundRow = page.locator(`[data-testid="transaction-row"][data-id="${partial.id as string}"]`);
  await expect(refundRow).toContainText("−R$ 20,00");
  await keepAtBothSizes(page, testInfo, "3-list-partially-refunded");

  await customer.goto(paymentPath);
  await expect(customer.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(customer.getByTestId("receipt-refund")).toHaveText("Devolvido parcialmente: R$ 20,00 de R$ 50,00");
  await keepAtBothSizes(customer, testInfo, "4-receipt-partially-refunded");

  // The rest: the form offers what is left.
  await page.goto(`/console/transactions/${depositId}`);
  await refundFromConsole(page, "30,00", "30,00", "Pedido cancelado");
  await page.getByRole("button", { name: "Confirmar devolução de R$ 30,00" }).click();
  await expect(page.locator("header").getByText("Devolvido", { exact: true })).toBeVisible();
  await expect(page.getByText("Este depósito já foi devolvido por inteiro.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Devolver", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("refunded-total")).toContainText("−R$ 50,00");
  await keepAtBothSizes(page, testInfo, "5-detail-refunded");

  const callbacks = await refundCallbacks(depositId, 2);
  expect(callbacks.map((data) => data.amount).sort()).toEqual(["20.00", "30.00"]);
  expect(new Set(callbacks.map((data) => data.id)).size).toBe(2);

  await page.goto(`/console/transactions?q=${reference}`);
  await expect(depositRow).toContainText("Devolvido");
  await expect(depositRow).not.toContainText("Parcialmente");
  await keepAtBothSizes(page, testInfo, "6-list-refunded");

  // The export says it too, beside the status the API keeps.
  const csv = await (await page.request.get(`/console/transactions/export.csv?q=${reference}`)).text();
  const [header, ...lines] = csv
    .replace(/^\ufeff/, "")
    .trim()
    .split("\r\n");
  const columns = header.split(",");
  const depositLine = lines.map((line) => line.split(",")).find((cells) => cells[columns.indexOf("id")] === depositId)!;
  expect(depositLine[columns.indexOf("status")]).toBe("paid");
  expect(depositLine[columns.indexOf("refund_state")]).toBe("refunded");
  expect(depositLine[columns.indexOf("refunded_amount")]).toBe("50.00");

  await customer.goto(paymentPath);
  await expect(customer.getByRole("heading", { name: "Pagamento devolvido" })).toBeVisible();
  await expect(customer.getByTestId("receipt-refund")).toHaveText("R$ 50,00 voltou para a conta que pagou.");
  await keepAtBothSizes(customer, testInfo, "7-receipt-refunded");
  await customer.goto(`${paymentPath}?lang=en`);
  await expect(customer.getByRole("heading", { name: "Payment refunded" })).toBeVisible();
  await expect(customer.getByTestId("receipt-refund")).toHaveText(
    /^R\$\s?50\.00 went back to the account that paid\.$/,
  );
  await keepScreenshot(customer, testInfo, "8-receipt-refunded-en-390");
});
