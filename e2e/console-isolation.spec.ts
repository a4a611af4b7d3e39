// Another merchant's ids, everywhere a merchant's users can reach (issue 15). Two merchants with
// the same activity (a paid deposit with its delivered callback, a pending payout, a key); a
// merchant admin and a merchant viewer of the first ask for every console page and export with
// the second's ids, and send every console action (the calls the pages really make, captured from
// an operator and an admin acting on their own objects) rewritten to name the second's objects.
// Every one is refused and recorded as access.denied, and afterwards nothing of the second
// merchant has changed.
import { type APIRequestContext, type Page, type Request, expect, test } from "@playwright/test";
import { startReceiver } from "../test/support/callback-receiver";
import { pixDepositRequest, pixPayoutRequest } from "../test/support/requests";
import {
  callApi,
  newSignedInPage,
  nextActionRequest,
  paidCallbacks as paidCallbacksOf,
  replayAction,
  statusWith,
} from "./console-support";
import { cashier, type Merchant } from "./support";

const desk = { width: 1280, height: 800 };

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver();
});

test.afterAll(() => receiver.close());

type Activity = { merchant: Merchant; depositId: string; reference: string; eventId: string; payoutId: string };

const paidCallbacks = (depositId: string) => paidCallbacksOf(receiver.received, depositId);

/** A merchant with a paid deposit (its callback delivered) and a pending payout, all through the API. */
async function merchantWithActivity(request: APIRequestContext, name: string): Promise<Activity> {
  const merchant = JSON.parse(
    cashier("merchant", "create", "--name", name, "--callback-url", receiver.url),
  ) as Merchant;
  cashier("merchant", "fund", merchant.merchantId, "100,00");
  const deposit = pixDepositRequest();
  const depositId = (await callApi(request, merchant, "/api/pix", deposit)).id as string;
  cashier("deposit", "pay", depositId);
  await expect.poll(() => paidCallbacks(depositId).length, { timeout: 15_000 }).toBe(1);
  const payoutId = (await callApi(request, merchant, "/api/gateway-out", pixPayoutRequest("5.00")))
    .transfer_id as string;
  return {
    merchant,
    depositId,
    reference: deposit.reference,
    eventId: paidCallbacks(depositId)[0].data.event_id as string,
    payoutId,
  };
}

/** Clicks what sends a server action and returns the call as sent. */
async function capture(page: Page, click: () => Promise<void>): Promise<Request> {
  const sent = nextActionRequest(page);
  await click();
  return sent;
}

test("a merchant's admin and viewer are refused every page, export and action naming another merchant's ids, and nothing of it changes", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(desk);
  const own = await merchantWithActivity(page.request, "Loja Própria Isolada");
  const other = await merchantWithActivity(page.request, "Loja Alheia Isolada");
  const spare = JSON.parse(cashier("merchant", "create", "--name", "Loja Avulsa Isolada")) as Merchant;

  // The operator's own calls on the first merchant's objects (and a spare merchant's settings).
  const operator = await newSignedInPage(browser, desk, "operator");
  await operator.goto(`/console/transactions/${own.depositId}`);
  const reveal = await capture(operator, () =>
    operator.getByRole("button", { name: "Mostrar dados do cliente" }).click(),
  );
  await expect(operator.getByTestId("customer-data")).toHaveAttribute("data-revealed", "true");
  await operator.goto("/console/payouts");
  const card = operator.getByTestId(`payout-${own.payoutId}`);
  await card.getByRole("button", { name: "Concluir" }).click();
  const mark = await capture(operator, () => card.getByRole("button", { name: "Confirmar conclusão" }).click());
  await expect(operator.getByRole("status").filter({ hasText: own.payoutId })).toBeVisible();
  await operator.goto(`/console/merchants/${spare.merchantId}`);
  const settings = await capture(operator, () => operator.getByRole("button", { name: "Salvar", exact: true }).click());
  await expect(operator.getByText("Configurações salvas.")).toBeVisible();
  await operator.getByRole("button", { name: "Mudar para Produção" }).click();
  const mode = await capture(operator, () => operator.getByRole("button", { name: "Confirmar a mudança" }).click());
  await expect(operator.getByTestId("new-key-id")).toBeVisible();
  await operator.goto("/console/merchants");
  await operator.getByLabel("Nome", { exact: true }).fill("Loja Criada Isolada");
  const createMerchant = await capture(operator, () => operator.getByRole("button", { name: "Criar lojista" }).click());
  await expect(operator.getByTestId("new-key-id")).toBeVisible();

  // The admin's own calls on their merchant's objects.
  const admin = await newSignedInPage(browser, desk, "merchant-admin", own.merchant.merchantId);
  await admin.goto("/console/keys");
  await admin.getByRole("button", { name: "Criar chave" }).click();
  const createKey = await capture(admin, () => admin.getByRole("button", { name: "Criar outra chave" }).click());
  const adminKeyId = (await admin.getByTestId("new-key-id").textContent())!;
  await admin.reload();
  const keyRow = admin.getByTestId(`key-${adminKeyId}`);
  await keyRow.getByRole("button", { name: `Revogar ${adminKeyId}` }).click();
  const revokeKey = await capture(admin, () =>
    keyRow.getByRole("button", { name: `Confirmar revogação ${adminKeyId}` }).click(),
  );
  await expect(keyRow).toContainText("Revogada em");
  await admin.goto(`/console/transactions/${own.depositId}`);
  const event = admin.locator(`[data-event-id="${own.eventId}"]`);
  const resend = await capture(admin, () => event.getByRole("button", { name: "Reenviar" }).click());
  await expect(event.getByRole("status")).toHaveText("Callback na fila para reenvio.");

  const viewer = await newSignedInPage(browser, desk, "merchant-viewer", own.merchant.merchantId);
  const theirs = other.merchant.merchantId;
  const pages: [string, number][] = [
    [`/console?merchant=${theirs}`, 404],
    [`/console/transactions?merchant=${theirs}`, 404],
    [`/console/transactions/${other.depositId}`, 404],
    [`/console/transactions/${other.payoutId}`, 404],
    [`/console/keys?merchant=${theirs}`, 404],
    [`/console/balance?merchant=${theirs}`, 404],
    [`/console/merchants/${theirs}`, 403],
    [`/console/merchants`, 403],
    [`/console/payouts`, 403],
    [`/console/payouts?marked=${other.payoutId}`, 403],
    [`/console/audit`, 403],
  ];
  const exports: [string, number][] = [
    [`/console/transactions/export.csv?merchant=${theirs}`, 404],
    [`/console/balance/export.csv?merchant=${theirs}`, 404],
    [`/console/audit/export.csv`, 403],
  ];
  // [call, what it names that is the first merchant's, what it may answer]: the admin may create
  // keys, revoke them, resend callbacks and change their merchant's settings, so for them only
  // "not found" proves the merchant's boundary; the rest are the operators' alone.
  const adminMay = /"code":"not_found"/;
  const refused = /"code":"(forbidden|not_found)"/;
  const actions: [string, Request, [string, string][], RegExp][] = [
    ["create a key", createKey, [[own.merchant.merchantId, theirs]], adminMay],
    ["revoke a key", revokeKey, [[adminKeyId, other.merchant.keyId]], adminMay],
    [
      "resend a callback",
      resend,
      [
        [own.eventId, other.eventId],
        [own.depositId, other.depositId],
      ],
      adminMay,
    ],
    ["reveal the customer", reveal, [[own.depositId, other.depositId]], refused],
    ["mark a payout", mark, [[own.payoutId, other.payoutId]], refused],
    ["change the merchant's settings", settings, [[spare.merchantId, theirs]], adminMay],
    ["switch the merchant's mode", mode, [[spare.merchantId, theirs]], refused],
    ["create a merchant", createMerchant, [], refused],
  ];

  for (const [role, user] of [
    ["merchant-admin", admin],
    ["merchant-viewer", viewer],
  ] as const) {
    for (const [path, status] of pages) expect((await user.goto(path))?.status(), `${role} ${path}`).toBe(status);
    for (const [path, status] of exports)
      expect((await user.request.get(path)).status(), `${role} ${path}`).toBe(status);
    await user.goto(`/console/transactions?q=${other.reference}`);
    await expect(user.getByText("Nenhuma transação com esses filtros.")).toBeVisible();
    for (const [name, call, replacements, answer] of actions) {
      expect(await replayAction(user.request, call, replacements), `${role}: ${name}`).toMatch(
        role === "merchant-admin" ? answer : refused,
      );
    }
  }

  // Nothing of the other merchant changed: its key signs, its payout waits, its settings and mode
  // are as created, it has one key, and its callback was delivered once.
  // The key still signs: a 404 for an id that does not exist.
  expect((await statusWith(page.request, other.merchant)).status()).toBe(404);
  await operator.goto("/console/payouts");
  await expect(operator.getByTestId(`payout-${other.payoutId}`)).toContainText("Pendente");
  await operator.goto(`/console/merchants/${theirs}`);
  await expect(operator.getByLabel("URL de callback")).toHaveValue(receiver.url);
  await expect(operator.getByText("Este lojista está em Sandbox.")).toBeVisible();
  await operator.goto(`/console/keys?merchant=${theirs}`);
  await expect(operator.getByTestId(/^key-/)).toHaveCount(1);
  await operator.goto(`/console/transactions/${other.depositId}`);
  await expect(operator.locator(`[data-event-id="${other.eventId}"]`).getByTestId("callback-attempt")).toHaveCount(1);
  expect(paidCallbacks(other.depositId)).toHaveLength(1);

  // Every refusal was a denial the operators can read: the objects named (in words), the pages and
  // actions refused (each user's first 20 of the hour; the rest are in the server's log).
  await operator.goto("/console/audit?action=access.denied");
  for (const target of [
    `chave ${other.merchant.keyId}`,
    `callback ${other.eventId}`,
    `lojista ${theirs}`,
    `transação ${other.depositId}`,
    `transação ${other.payoutId}`,
    "página /console/audit",
    "página /console/audit/export.csv",
    "ação transactions.reveal_customer",
  ])
    await expect(operator.getByRole("cell", { name: target, exact: true }).first(), target).toBeVisible();
  // 22 refusals each, at least the 20 of the hour's budget recorded each (each of npm start's
  // processes counts its own without REDIS_URL): the rows of the first merchant's users.
  expect(await operator.getByRole("row").filter({ hasText: own.merchant.merchantId }).count()).toBeGreaterThanOrEqual(
    40,
  );
  for (const user of [operator, admin, viewer]) await user.context().close();
});
