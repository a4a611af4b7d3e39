// Issue 23 in Chromium at 390 px and at a desk: a live merchant's payouts go to an Efí account
// (the PSP simulator, over mTLS, added with the CLI as an operator would) and wait for an
// operator's approval. The operator sees one held in the queue, approves it in two steps, and it
// leaves: the simulator received one send under the payout's id, the queue shows it being sent,
// and once Efí carries it out its webhook reaches the server (registered with
// `psp webhook register --account`), which completes it, and the queue no longer lists it. A second held payout is canceled
// with a reason (never sent); an approval of a payout canceled meanwhile is refused in the form.
// Screenshots are kept.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { pixPayoutRequest } from "../test/support/requests";
import { callApi, newSignedInPage } from "./console-support";
import { E2E_BASE_URL, e2eServerEnv } from "./environment";
import {
  cashier,
  cashierAsync,
  addEfiAccount,
  expectAccessible,
  fitsViewport,
  keepScreenshot,
  type Merchant,
} from "./support";

const root = path.resolve(import.meta.dirname, "..");
const phone = { width: 390, height: 844 };
const desk = { width: 1280, height: 800 };

/** The live merchant's funds, through a helper process: it stands in for paid deposits. */
function creditLiveFunds(merchantId: string, cents: string): void {
  execFileSync(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "test/support/credit-live-funds-process.ts"), merchantId, cents],
    { cwd: root, env: { ...process.env, ...e2eServerEnv } },
  );
}

/** Efí's idEnvio for a payout: its transfer id without the underscore. */
const idEnvioOf = (transferId: string) => transferId.replace("_", "");

/** What the merchant's server asks: the payout's status through POST /api/status. */
async function payoutStatus(request: APIRequestContext, merchant: Merchant, transferId: string): Promise<unknown> {
  const jwt = await signRequestToken({
    keyId: merchant.keyId,
    secret: merchant.secret,
    data: { transfer_id: transferId },
  });
  const response = await request.post("/api/status", { data: { jwt } });
  const { jwt: answer } = (await response.json()) as { jwt: string };
  const { payload } = await jwtVerify(answer, new TextEncoder().encode(merchant.secret));
  return (payload.data as { status?: unknown }).status;
}

let efi: PspSimulator;
let merchant: Merchant;
let accountId: string;

test.beforeAll(async () => {
  efi = await startPspSimulator({ profile: "efi" });
  // The operator's own steps: the account (secret on standard input), its webhook at the PSP,
  // a live merchant routed to it whose payouts wait for approval.
  accountId = addEfiAccount(efi);
  await cashierAsync("psp", "webhook", "register", "--account", accountId);
  expect(efi.webhookUrl()).toMatch(new RegExp(`^${E2E_BASE_URL}/api/psp/webhook/${accountId}\\?hmac=`));
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Envio Efí", "--live")) as Merchant;
  cashier(
    "merchant",
    "update",
    merchant.merchantId,
    "--provider-for",
    `payouts=${accountId}`,
    "--payout-approval",
    "operator",
  );
  creditLiveFunds(merchant.merchantId, "10000");
});

test.afterAll(() => efi?.close());

test("an operator approves a held live payout in two steps and Efí sends it once; another is canceled, never sent", async ({
  browser,
  request,
}, testInfo) => {
  const create = async (amount: string) =>
    (await callApi(request, merchant, "/api/gateway-out", pixPayoutRequest(amount))).transfer_id as string;
  // Small amounts: the simulator refuses a send above R$ 20,00 at once.
  const approved = await create("7.50");
  const canceled = await create("4.00");
  const stale = await create("3.00");
  expect([approved, canceled, stale].map((id) => efi.sendCount(idEnvioOf(id)))).toEqual([0, 0, 0]);

  const page = await newSignedInPage(browser, phone, "operator");
  await page.goto(`/console/payouts?merchant=${merchant.merchantId}`);
  const card = page.getByTestId(`payout-${approved}`);
  await expect(card).toContainText("R$ 7,50");
  await expect(card).toContainText("Aguardando aprovação");
  await expect(card).toContainText("Produção");
  // Money the gateway sends is never marked as sent by hand.
  await expect(card.getByRole("button", { name: /^Concluir/ })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Cancelar pagamento" })).toBeVisible();
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "payout-held-390");

  // Step one sends nothing.
  await card.getByRole("button", { name: "Aprovar e enviar" }).click();
  const confirm = card.getByRole("button", { name: "Confirmar envio de R$ 7,50" });
  await expect(confirm).toBeFocused();
  await expect(card).toContainText("Envia R$ 7,50 para Chave Pix ***.982.247-** pelo PSP agora");
  expect(efi.sendCount(idEnvioOf(approved))).toBe(0);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "payout-approve-confirm-390");

  // The PSP keeps this send in progress until told, so the page shows it being sent.
  efi.setSendResults("later");
  await confirm.click();
  const notice = page.getByRole("status").filter({ hasText: approved });
  await expect(notice).toContainText("aprovado e enviado ao PSP. Aguardando o resultado");
  // Back to the queue as it was filtered.
  await expect(page).toHaveURL(`/console/payouts?merchant=${merchant.merchantId}&approved=${approved}`);
  expect(efi.sendCount(idEnvioOf(approved))).toBe(1);
  const sending = page.getByTestId(`payout-${approved}`);
  await expect(sending).toContainText(/Em processamento há \d+ min/);
  await expect(sending).toContainText("Enviado ao PSP, aguardando o resultado");
  await expect(sending.getByRole("button")).toHaveCount(0);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "payout-sending-390");

  // Efí carries it out and says so at the account's webhook; the server asks Efí and completes it.
  await efi.completeSend(idEnvioOf(approved), "REALIZADO");
  await expect.poll(() => payoutStatus(request, merchant, approved), { timeout: 15_000 }).toBe("completed");
  await page.reload();
  await expect(notice).toContainText("concluído");
  await expect(page.getByTestId(`payout-${approved}`)).toHaveCount(0);
  await expect(page.getByTestId(`payout-${canceled}`)).toBeVisible();
  expect(efi.sent(idEnvioOf(approved))?.status).toBe("REALIZADO");
  expect(efi.sendCount(idEnvioOf(approved))).toBe(1);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "payout-approved-390");

  // At a desk: a held payout canceled with a reason, and an approval that comes too late.
  await page.setViewportSize(desk);
  await page.goto(`/console/payouts?merchant=${merchant.merchantId}`);
  const other = page.getByTestId(`payout-${canceled}`);
  await other.getByRole("button", { name: "Cancelar pagamento" }).click();
  await expect(other.getByLabel("Código do motivo")).toBeFocused();
  await other.getByLabel("Código do motivo").selectOption("merchant_request");
  await other.getByLabel(/^Motivo/).fill("O lojista desistiu do saque");
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "payout-held-cancel-1280");
  await other.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page.getByRole("status").filter({ hasText: canceled })).toContainText("cancelado");
  expect(await payoutStatus(request, merchant, canceled)).toBe("canceled");

  const late = page.getByTestId(`payout-${stale}`);
  await late.getByRole("button", { name: "Aprovar e enviar" }).click();
  cashier("payout", "cancel", stale, "--reason-code", "other", "--reason", "Cancelado por outro operador");
  await late.getByRole("button", { name: "Confirmar envio de R$ 3,00" }).click();
  await expect(late.getByRole("alert")).toContainText(`payout ${stale} is canceled`);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "payout-approve-refused-1280");
  expect([canceled, stale].map((id) => efi.sendCount(idEnvioOf(id)))).toEqual([0, 0]);

  await page.goto("/console/audit");
  await expect(
    page.getByRole("row").filter({ hasText: "Pagamento aprovado" }).filter({ hasText: approved }),
  ).toHaveCount(1);
});

test("an operator sees the PSP accounts at 390 px, with what each serves and its webhook, and no secret", async ({
  browser,
}, testInfo) => {
  const page = await newSignedInPage(browser, phone, "operator");
  await page.goto("/console/providers");
  const row = page.getByTestId(`provider-${accountId}`);
  await expect(row).toContainText("Efí (simulador)");
  await expect(page.getByText(`${E2E_BASE_URL}/api/psp/webhook/${accountId}`)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(efi.clientSecret as string);
  expect(html).not.toContain("PRIVATE KEY");
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "providers-390");
});
