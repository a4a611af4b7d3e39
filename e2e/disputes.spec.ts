// Disputes in the console (issue 41) in Chromium at 390×844: a sandbox merchant's customer pays two
// deposits, and the sandbox PSP opens a MED dispute against each (POST /api/sandbox/simulate,
// outcome disputed, signed with the merchant's key). An operator finds them under "Disputas" with
// their deadlines and answers one "Contestar": the sandbox PSP decides at the answer, so the page
// then shows it won and its hold released (the merchant's balance agrees), the deposit's page
// shows it, and the audit log has dispute.answered in the operator's name. A merchant viewer sees
// the list with no form (the other dispute, its deadline moved within a day, warned of), and the
// operator's answer replayed in the viewer's session is refused.
// The customer's receipt says nothing of any dispute.
//
// A live merchant's deposit, charged and paid through Efí (the PSP simulator), against which Efí
// lists a MED infraction due within a day: reconciliation (`psp reconcile --force`) makes it a
// dispute and, nobody having answered, raises the operator's alert on the overview. The operator
// contests it from Disputas: the defense goes to Efí once, the dispute shows answered (Efí decides
// later), audited; Efí rejects the infraction, and the next reconciliation makes it won, its hold
// released. Screenshots are kept in test-results/e2e.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { pixDepositRequest } from "../test/support/requests";
import {
  newSignedInPage,
  nextActionRequest,
  openConsoleNavigation,
  replayAction,
  signInAsNew,
} from "./console-support";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./environment";
import {
  addEfiAccount,
  cashier,
  cashierAsync,
  depositIdOf,
  expectAccessible,
  fitsViewport,
  keepScreenshot,
  postSigned,
  type Merchant,
} from "./support";

const phone = { width: 390, height: 844 };

let merchant: Merchant;
/** Efí, for the live dispute: started by that test, closed after the file. */
let efi: PspSimulator | undefined;

test.beforeAll(() => {
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja do Bairro")) as Merchant;
});

test.afterAll(() => efi?.close());

test.use({ viewport: phone, locale: "pt-BR" });

/** A merchant's API at the server under test, signed with its key: the status and the verified data. */
const apiOf = (of: () => Merchant) => (path: string, data: Record<string, unknown>) =>
  postSigned(`${E2E_BASE_URL}${path}`, of(), data);
const api = apiOf(() => merchant);

/**
 * A customer's Pix of `amount` through the shop's Gateway In link, paid and then disputed by the
 * sandbox PSP: the payment's own address, the deposit's id and the dispute's id.
 */
async function disputedDeposit(customer: Page, amount: string, reference: string) {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount,
    currency: "BRL",
    reference,
    merchant_user: "cliente-42",
    country: "BR",
    paymentMethod: "pix",
  };
  await customer.goto(
    `/direct/${merchant.keyId}/${await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data })}`,
  );
  await expect(customer).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\/pix$/);
  const paymentPath = new URL(customer.url()).pathname.replace(/\/pix$/, "");
  const depositId = await depositIdOf(customer, merchant, reference);
  expect(await api("/api/sandbox/simulate", { id: depositId, outcome: "paid" })).toMatchObject({ status: 200 });
  const disputed = await api("/api/sandbox/simulate", { id: depositId, outcome: "disputed" });
  expect(disputed).toMatchObject({ status: 200, data: { id: depositId, status: "paid" } });
  return { paymentPath, depositId, disputeId: disputed.data.dispute_id as string };
}

/** The merchant's disputes as its API lists them, by id. */
async function listedDisputes(call = api): Promise<Map<string, Record<string, unknown>>> {
  const listed = await call("/api/disputes", {});
  expect(listed.status).toBe(200);
  return new Map((listed.data.disputes as Record<string, unknown>[]).map((dispute) => [dispute.id as string, dispute]));
}

/**
 * The clock moved to within `hours` of the dispute's deadline (the sandbox gives seven days): its
 * respondBy rewritten in the server's database, of the type the row holds, as console-auth.spec.ts
 * moves a session's idle expiry. Answers the new deadline.
 */
function bringDeadlineWithin(disputeId: string, hours: number): string {
  const db = new Database(path.join(E2E_DATA_DIR, "cashier.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const row = db.prepare("SELECT respondBy FROM Dispute WHERE id = ?").get(disputeId) as {
      respondBy: string | number;
    };
    const at = new Date(Date.now() + hours * 3600_000);
    db.prepare("UPDATE Dispute SET respondBy = ? WHERE id = ?").run(
      typeof row.respondBy === "number" ? at.getTime() : at.toISOString(),
      disputeId,
    );
    return at.toISOString();
  } finally {
    db.close();
  }
}

/** A deposit's Pix as the server's database holds it: its charge's txid and its paying Pix's end-to-end id. */
function depositPix(depositId: string): { pixTxid: string | null; pixEndToEndId: string | null } {
  const db = new Database(path.join(E2E_DATA_DIR, "cashier.db"), { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    return db.prepare('SELECT pixTxid, pixEndToEndId FROM "Transaction" WHERE id = ?').get(depositId) as {
      pixTxid: string | null;
      pixEndToEndId: string | null;
    };
  } finally {
    db.close();
  }
}

/** A deadline as the console writes it: pt-BR, Brasília time. */
const brasilia = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(
    new Date(iso),
  );

/**
 * The page kept as a screenshot at the phone's width, nothing wider than it, and axe's look: no
 * serious or critical violation (as every spec checks), and here none of any impact either.
 */
async function keepChecked(page: Page, testInfo: TestInfo, name: string) {
  expect(await fitsViewport(page), `${name}: wider than the phone`).toBe(true);
  await keepScreenshot(page, testInfo, name);
  await expectAccessible(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.impact}: ${v.id}: ${v.help}`),
    name,
  ).toEqual([]);
}

test("an operator contests a sandbox dispute from the console: won, hold released, audited; a viewer only reads", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const customer = await (await browser.newContext({ viewport: phone, locale: "pt-BR" })).newPage();
  const stamp = Date.now();
  const first = await disputedDeposit(customer, "50,00", `pedido-${stamp}-a`);
  // Left open throughout: what the viewer sees answerable by others, and what the replay targets.
  const second = await disputedDeposit(customer, "30,00", `pedido-${stamp}-b`);

  const before = await listedDisputes();
  expect(before.get(first.disputeId)).toMatchObject({ status: "open", held: "50.00", decision: null });
  expect(before.get(second.disputeId)).toMatchObject({ status: "open", held: "30.00" });
  expect((await api("/api/balance", {})).data).toMatchObject({ available: "0.00", reserved: "80.00" });

  // The customer's receipt: paid, and not a word of the dispute.
  await customer.goto(first.paymentPath);
  await expect(customer.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(customer.locator("body")).not.toContainText(/disput|contest|infraç/i);
  await expect(customer.locator("body")).not.toContainText(/\bMED\b/);
  await keepScreenshot(customer, testInfo, "0-receipt-disputed-deposit-390");

  // The operator reaches Disputas through the phone's menu.
  const operator = await signInAsNew(page, "operator");
  await page.goto("/console");
  const nav = await openConsoleNavigation(page);
  await nav.getByRole("link", { name: "Disputas", exact: true }).click();
  await expect(page).toHaveURL(/\/console\/disputes$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Disputas");

  const card = page.locator(`[data-testid="dispute"][data-id="${first.disputeId}"]`);
  await expect(card).toContainText("Aberta");
  await expect(card).toContainText("R$ 50,00");
  await expect(card).toContainText("Loja do Bairro");
  await expect(card).toContainText("O pagador diz que foi enganado (golpe)");
  await expect(card.getByTestId("dispute-deadline")).toHaveText(
    brasilia(before.get(first.disputeId)!.respond_by as string),
  );
  await expect(card).toContainText("Responder até");
  // Seven days to answer: no warning yet (the view's unit test covers the last day).
  await expect(card.getByTestId("deadline-warning")).toHaveCount(0);
  await expect(card.getByTestId("dispute-held")).toHaveText("R$ 50,00");
  await expect(card.getByRole("link", { name: `pedido-${stamp}-a` })).toHaveAttribute(
    "href",
    `/console/transactions/${first.depositId}`,
  );
  // The undecided soonest deadline first: the first dispute opened first.
  const ids = await page.getByTestId("dispute").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-id")));
  expect(ids.indexOf(first.disputeId)).toBeLessThan(ids.indexOf(second.disputeId));
  await keepChecked(page, testInfo, "1-disputes-open-390");

  // "Contestar", with a justification.
  const form = card.getByRole("form", { name: `Responder à disputa ${first.disputeId}` });
  await form.getByRole("radio", { name: /Contestar/ }).check();
  const justification = "Pedido entregue em 20/11 no endereço do pagador; o recibo assinado está guardado.";
  await form.getByLabel("Justificativa").fill(justification);
  await expect(form.getByLabel("Justificativa")).toHaveAttribute("maxlength", "2000");
  await keepChecked(page, testInfo, "2-dispute-answer-filled-390");
  const sent = nextActionRequest(page);
  await form.getByRole("button", { name: "Enviar resposta" }).click();
  const captured = await sent;

  // The sandbox PSP decides at the answer: a contest wins, and the hold goes back to the balance.
  await expect(page.getByRole("status")).toContainText(`disputa ${first.disputeId}`);
  await expect(page.getByRole("status")).toContainText("ganha");
  await expect(card).toContainText("Ganha");
  await expect(card.getByTestId("dispute-held")).toHaveText("Nada: o valor voltou ao saldo");
  await expect(card.getByTestId("dispute-answer")).toContainText("Contestada");
  await expect(card.getByTestId("dispute-answer")).toContainText(operator.email);
  await expect(card.getByTestId("dispute-answer")).toContainText(justification);
  await expect(card.getByRole("form")).toHaveCount(0);
  await keepChecked(page, testInfo, "3-dispute-won-390");

  const after = await listedDisputes();
  expect(after.get(first.disputeId)).toMatchObject({
    status: "won",
    held: "0.00",
    decision: "contest",
    justification,
  });
  expect((await api("/api/balance", {})).data).toMatchObject({ available: "50.00", reserved: "30.00" });

  // The deposit's page shows its dispute.
  await page.goto(`/console/transactions/${first.depositId}`);
  const section = page.getByRole("region", { name: "Disputas" });
  await expect(section).toContainText("Ganha");
  await expect(section).toContainText("R$ 50,00");
  await expect(section).toContainText("Contestada");
  await expect(section).toContainText("Nada: o valor voltou ao saldo");
  await keepChecked(page, testInfo, "4-deposit-dispute-390");

  // The audit log names the operator.
  await page.goto("/console/audit?action=dispute.answered");
  const row = page.getByRole("row").filter({ hasText: first.disputeId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Disputa respondida");
  await expect(row).toContainText(operator.email);
  await expect(row).toContainText('"decision":"contest"');
  await keepChecked(page, testInfo, "5-audit-dispute-answered-390");

  // A merchant viewer reads the list, with nothing to answer with; the open dispute, now within a
  // day of its deadline, carries the warning for everyone.
  const deadline = bringDeadlineWithin(second.disputeId, 3);
  const viewer = await newSignedInPage(browser, phone, "merchant-viewer", merchant.merchantId);
  await viewer.goto("/console/disputes");
  const open = viewer.locator(`[data-testid="dispute"][data-id="${second.disputeId}"]`);
  await expect(open).toContainText("Aberta");
  await expect(open.getByTestId("deadline-warning")).toHaveText("Menos de 24 horas para o prazo, sem resposta.");
  await expect(open.getByTestId("dispute-deadline")).toContainText(brasilia(deadline));
  await expect(viewer.locator(`[data-testid="dispute"][data-id="${first.disputeId}"]`)).toContainText("Ganha");
  await expect(open).toContainText("Seu acesso é de leitura");
  await expect(viewer.getByRole("form")).toHaveCount(0);
  await expect(viewer.getByRole("radio")).toHaveCount(0);
  await expect(viewer.getByRole("textbox")).toHaveCount(0);
  // Operators' column only: a merchant user's list is all its own.
  await expect(open).not.toContainText("Lojista");
  await keepChecked(viewer, testInfo, "6-disputes-viewer-390");

  // The operator's answer, replayed in the viewer's session against the open dispute: refused.
  await replayAction(viewer.request, captured, [[first.disputeId, second.disputeId]]);
  expect((await listedDisputes()).get(second.disputeId)).toMatchObject({ status: "open", decision: null });
});

test("a live dispute unanswered near its deadline alerts the operator, who answers it from the console", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // The operator's own steps: Efí's account, its webhook, a live merchant whose charges go to it.
  // A simulator of this test's own (one left by an earlier repeat is closed): Efí holds nothing else.
  await efi?.close();
  efi = await startPspSimulator({ profile: "efi" });
  const accountId = addEfiAccount(efi);
  await cashierAsync("psp", "webhook", "register", "--account", accountId);
  const live = JSON.parse(cashier("merchant", "create", "--name", "Loja Ao Vivo", "--live")) as Merchant;
  cashier("merchant", "update", live.merchantId, "--provider-for", `charges=${accountId}`);
  const liveApi = apiOf(() => live);
  const reconcile = () => cashierAsync("psp", "reconcile", "--force");

  // A customer pays a R$ 42,00 Pix deposit; Efí's webhook reaches the server.
  const request = pixDepositRequest({ amount: "42.00" });
  const created = await liveApi("/api/pix", request);
  expect(created, JSON.stringify(created.data)).toMatchObject({ status: 201, data: { status: "pending" } });
  const depositId = created.data.id as string;
  const { pixTxid } = depositPix(depositId);
  expect(efi.charge(pixTxid!)?.valor.original).toBe("42.00");
  const pix = await efi.pay(pixTxid!);
  await expect
    .poll(async () => (await liveApi("/api/status", { id: depositId })).data.status, { timeout: 15_000 })
    .toBe("paid");
  expect(depositPix(depositId).pixEndToEndId).toBe(pix.endToEndId);
  expect((await liveApi("/api/balance", {})).data).toMatchObject({ available: "42.00", reserved: "0.00" });

  // The payer's bank opens a MED infraction, 20 hours to answer; reconciliation finds it.
  const deadline = new Date(Date.now() + 20 * 3600_000);
  const infraction = efi.openInfraction(pix.endToEndId, { prazoFinalizacao: deadline });
  await reconcile();

  const opened = [...(await listedDisputes(liveApi)).values()];
  expect(opened).toHaveLength(1);
  const dispute = opened[0];
  const disputeId = dispute.id as string;
  expect(dispute).toMatchObject({
    deposit_id: depositId,
    reference: request.reference,
    status: "open",
    amount: "42.00",
    held: "42.00",
    reason_code: "scam",
    respond_by: deadline.toISOString(),
    decision: null,
    answered_at: null,
  });
  expect((await liveApi("/api/status", { id: depositId })).data).toMatchObject({
    status: "paid",
    dispute: { id: disputeId, status: "open", amount: "42.00", respond_by: deadline.toISOString() },
  });
  expect((await liveApi("/api/balance", {})).data).toMatchObject({ available: "0.00", reserved: "42.00" });

  // The overview's alert names it.
  const operator = await signInAsNew(page, "operator");
  await page.goto("/console");
  const alerts = page.getByRole("region", { name: /Alertas para o operador/ });
  const alert = alerts.getByRole("listitem").filter({ hasText: disputeId });
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveAttribute("data-alert-kind", "dispute_deadline");
  await expect(alert).toContainText("Disputa sem resposta perto do prazo");
  await expect(alert).toContainText("R$ 42,00");
  // It links the deposit, whose page lists its disputes.
  await expect(alert.getByRole("link", { name: depositId })).toHaveAttribute(
    "href",
    `/console/transactions/${depositId}`,
  );
  await alert.scrollIntoViewIfNeeded();
  await keepChecked(page, testInfo, "7-overview-dispute-alert-390");

  // Disputas, through the phone's menu: the live dispute, its deadline warned of.
  const nav = await openConsoleNavigation(page);
  await nav.getByRole("link", { name: "Disputas", exact: true }).click();
  await expect(page).toHaveURL(/\/console\/disputes$/);
  const card = page.locator(`[data-testid="dispute"][data-id="${disputeId}"]`);
  await expect(card).toContainText("Aberta");
  await expect(card).toContainText("R$ 42,00");
  await expect(card).toContainText("Loja Ao Vivo");
  await expect(card).toContainText("O pagador diz que foi enganado (golpe)");
  await expect(card).not.toContainText("Sandbox");
  await expect(card.getByTestId("dispute-held")).toHaveText("R$ 42,00");
  await expect(card.getByTestId("dispute-deadline")).toContainText(brasilia(deadline.toISOString()));
  await expect(card.getByTestId("deadline-warning")).toHaveText("Menos de 24 horas para o prazo, sem resposta.");
  await card.scrollIntoViewIfNeeded();
  await keepChecked(page, testInfo, "8-live-dispute-near-deadline-390");

  const form = card.getByRole("form", { name: `Responder à disputa ${disputeId}` });
  await form.getByRole("radio", { name: /Contestar/ }).check();
  const justification = "Venda entregue em mãos ao pagador em 21/11, com nota fiscal 4512 e recibo assinado.";
  await form.getByLabel("Justificativa").fill(justification);
  await form.getByRole("button", { name: "Enviar resposta" }).click();

  // Efí took the defense and decides later: answered, the hold kept, no warning left.
  await expect(page.getByRole("status")).toContainText(
    `Resposta da disputa ${disputeId} enviada ao PSP, que vai decidir.`,
  );
  await expect(card).toContainText("Respondida");
  await expect(card.getByTestId("dispute-held")).toHaveText("R$ 42,00");
  await expect(card.getByTestId("deadline-warning")).toHaveCount(0);
  await expect(card.getByTestId("dispute-answer")).toContainText("Contestada");
  await expect(card.getByTestId("dispute-answer")).toContainText(operator.email);
  await expect(card.getByTestId("dispute-answer")).toContainText(justification);
  await expect(card.getByTestId("dispute-answer")).not.toContainText("ainda não confirmou");
  await expect(card.getByRole("form")).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await keepChecked(page, testInfo, "9-live-dispute-answered-390");

  expect(efi.defenses()).toEqual([
    { idInfracao: infraction.idInfracao, body: { analise: "rejeitado", justificativa: justification }, status: 204 },
  ]);
  expect(efi.infraction(infraction.idInfracao)).toMatchObject({ status: "EM_DEFESA", defesa: justification });
  expect((await listedDisputes(liveApi)).get(disputeId)).toMatchObject({
    status: "answered",
    held: "42.00",
    decision: "contest",
    justification,
    answered_at: expect.any(String),
  });
  expect((await liveApi("/api/status", { id: depositId })).data).toMatchObject({
    dispute: { id: disputeId, status: "answered" },
  });

  // Answered at the PSP: the deadline's alert has left the overview.
  await page.goto("/console");
  await expect(
    page
      .getByRole("region", { name: /Alertas para o operador/ })
      .getByRole("listitem")
      .filter({ hasText: disputeId }),
  ).toHaveCount(0);

  await page.goto("/console/audit?action=dispute.answered");
  const row = page.getByRole("row").filter({ hasText: disputeId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Disputa respondida");
  await expect(row).toContainText(operator.email);
  await expect(row).toContainText('"decision":"contest"');

  // Efí rejects the infraction: the next reconciliation makes the dispute won, its hold released.
  efi.closeInfraction(infraction.idInfracao, "REJEITADA");
  await reconcile();
  expect((await listedDisputes(liveApi)).get(disputeId)).toMatchObject({
    status: "won",
    held: "0.00",
    closed_at: expect.any(String),
  });
  expect((await liveApi("/api/status", { id: depositId })).data).not.toHaveProperty("dispute");
  expect((await liveApi("/api/balance", {})).data).toMatchObject({ available: "42.00", reserved: "0.00" });
  expect(efi.defenses()).toHaveLength(1);
});
