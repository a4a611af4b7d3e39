// The console's operations areas in Chromium at a desk (1280×800) and on a phone (390×844): an
// operator completes and cancels payouts created through the API and the merchant's receiver (a
// real local HTTP server) gets the signed callbacks; a merchant admin creates a key (the secret
// shown once), uses it, revokes it, and a request signed with it is refused at once; a merchant
// viewer is refused creating, revoking and marking by the server itself (the admin's and the
// operator's own action requests replayed with the viewer's session). Screenshots are kept.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { startReceiver } from "../test/support/callback-receiver";
import { pixDepositRequest, pixPayoutRequest } from "../test/support/requests";
import { callApi, newSignedInPage, nextActionRequest, replayAction, signInAsNew, statusWith } from "./console-support";
import { cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant } from "./support";

const viewports = [
  { name: "1280", size: { width: 1280, height: 800 } },
  { name: "390", size: { width: 390, height: 844 } },
];

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let merchant: Merchant;

test.beforeAll(async () => {
  receiver = await startReceiver();
});

test.afterAll(() => receiver.close());

/** What the merchant's server does: a payout by Pix through POST /api/gateway-out. */
async function createPayout(request: APIRequestContext, amount = "12.34"): Promise<string> {
  return (await callApi(request, merchant, "/api/gateway-out", pixPayoutRequest(amount))).transfer_id as string;
}

/** A Pix deposit through the API, paid (as the sandbox's customer would) when asked. */
async function createDeposit(request: APIRequestContext, amount: string, isPaid: boolean): Promise<void> {
  const { id } = await callApi(request, merchant, "/api/pix", pixDepositRequest({ amount }));
  if (isPaid) cashier("deposit", "pay", id as string);
}

/** The callback the merchant's receiver got for a payout, its signature checked with the merchant's key. */
async function payoutCallback(transferId: string) {
  await expect
    .poll(() => receiver.received.some((r) => r.data.transfer_id === transferId), { timeout: 20_000 })
    .toBe(true);
  const received = receiver.received.find((r) => r.data.transfer_id === transferId)!;
  const { payload, protectedHeader } = await jwtVerify(received.jwt, new TextEncoder().encode(merchant.secret));
  expect(protectedHeader).toMatchObject({ kid: merchant.keyId, typ: "cashier-callback+jwt" });
  return payload.data as Record<string, unknown>;
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: viewport.size });

    // A merchant of its own at each size, so the overview's figures are this run's.
    test.beforeAll(() => {
      merchant = JSON.parse(
        cashier("merchant", "create", "--name", `Loja Operações ${viewport.name}`, "--callback-url", receiver.url),
      ) as Merchant;
      cashier("merchant", "fund", merchant.merchantId, "1000,00");
    });

    test("an operator completes a payout created through the API, and cancels another with a reason; the merchant's receiver gets both callbacks", async ({
      page,
    }, testInfo) => {
      const completed = await createPayout(page.request, "12.34");
      const canceled = await createPayout(page.request, "5.00");
      await signInAsNew(page, "operator");

      await page.goto("/console/payouts");
      const card = page.getByTestId(`payout-${completed}`);
      await expect(card).toContainText("R$ 12,34");
      await expect(card).toContainText("Loja Operações");
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `payouts-queue-${viewport.name}`);

      await card.getByRole("button", { name: "Concluir" }).click();
      await card.getByRole("button", { name: "Confirmar conclusão" }).click();
      await expect(page.getByRole("status").filter({ hasText: completed })).toContainText("concluído");
      await expect(page.getByTestId(`payout-${completed}`)).toHaveCount(0);
      expect(await payoutCallback(completed)).toMatchObject({
        type: "gateway_out.completed",
        status: "completed",
        amount: "12.34",
      });

      const other = page.getByTestId(`payout-${canceled}`);
      await other.getByRole("button", { name: "Cancelar pagamento" }).click();
      await other.getByLabel("Código do motivo").selectOption("holder_mismatch");
      await other.getByLabel(/^Motivo/).fill("Titular da chave Pix diferente do CPF");
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `payouts-cancel-form-${viewport.name}`);
      await other.getByRole("button", { name: "Confirmar cancelamento" }).click();
      await expect(page.getByRole("status").filter({ hasText: canceled })).toContainText("cancelado");
      expect(await payoutCallback(canceled)).toMatchObject({
        type: "gateway_out.canceled",
        status: "canceled",
        reason_code: "holder_mismatch",
        reason: "Titular da chave Pix diferente do CPF",
      });

      // Today's activity on the overview: deposits paid and the conversion, the payouts just completed.
      for (const [amount, isPaid] of [
        ["150.00", true],
        ["80.00", true],
        ["45.00", false],
      ] as const)
        await createDeposit(page.request, amount, isPaid);
      await page.goto(`/console?merchant=${merchant.merchantId}`);
      await expect(page.getByRole("heading", { name: "Visão geral" })).toBeVisible();
      await expect(page.getByTestId("chart-deposits")).toContainText("R$ 230,00");
      await expect(page.getByTestId("chart-payouts")).toContainText("R$ 12,34");
      await expect(page.getByTestId("chart-conversion")).toContainText("2 de 3");
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `overview-operator-${viewport.name}`);

      await page.goto("/console/merchants");
      await expect(page.getByRole("link", { name: `Loja Operações ${viewport.name}` })).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `merchants-${viewport.name}`);
      await page.goto(`/console/merchants/${merchant.merchantId}`);
      await expect(page.getByLabel("URL de callback")).toHaveValue(receiver.url);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `merchant-${viewport.name}`);

      await page.goto(`/console/balance?merchant=${merchant.merchantId}`);
      await expect(page.getByRole("cell", { name: "Débito" }).first()).toBeVisible();
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `balance-operator-${viewport.name}`);
    });

    test("a merchant admin creates a key (secret shown once), uses it, revokes it, and a request signed with it is refused at once", async ({
      page,
    }, testInfo) => {
      await signInAsNew(page, "merchant-admin", merchant.merchantId);
      await page.goto("/console/keys");
      const activeKeys = page.getByRole("row").filter({ hasText: "Ativa" });
      await expect(activeKeys).toHaveCount(1);
      // The merchant already has a key: a new one is another key that signs, made only once confirmed.
      await page.getByRole("button", { name: "Criar chave" }).click();
      await expect(page.getByText("Este lojista já tem 1 chave ativa.")).toBeVisible();
      await page.getByRole("button", { name: "Criar outra chave" }).click();
      const keyId = (await page.getByTestId("new-key-id").textContent())!;
      const secret = (await page.getByTestId("new-key-secret").textContent())!;
      expect(keyId).toMatch(/^mk_test_/);
      expect(secret).toHaveLength(43);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `key-created-${viewport.name}`);

      // "Criar chave" again while the secret is on screen: it asks, the secret stays, no key is made.
      const unconfirmed = nextActionRequest(page);
      await page.getByRole("button", { name: "Criar chave" }).click();
      await expect(page.getByText("Este lojista já tem 2 chaves ativas.")).toBeVisible();
      await expect(page.getByTestId("new-key-secret")).toHaveText(secret);
      await keepScreenshot(page, testInfo, `key-second-asks-${viewport.name}`);
      await page.getByRole("button", { name: "Voltar", exact: true }).click();
      await expect(page.getByTestId("new-key-secret")).toHaveText(secret);
      // The server asks too: the same call sent again makes no key.
      await replayAction(page.request, await unconfirmed);
      await page.reload();
      await expect(activeKeys).toHaveCount(2);

      // The new key signs at once; "last used" follows.
      expect((await statusWith(page.request, { keyId, secret })).status()).toBe(404);
      const row = page.getByTestId(`key-${keyId}`);
      await expect
        .poll(async () => {
          await page.reload();
          return row.textContent();
        })
        .not.toContain("nunca");
      // Shown once: nowhere on the page any more.
      expect(await page.content()).not.toContain(secret);

      await row.getByRole("button", { name: `Revogar ${keyId}` }).click();
      await row.getByRole("button", { name: `Confirmar revogação ${keyId}` }).click();
      await expect(row).toContainText("Revogada em");
      const refused = await statusWith(page.request, { keyId, secret });
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toMatchObject({ code: "key_revoked" });
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `key-revoked-${viewport.name}`);

      // Only their own merchant: its balance, and another's is a 404.
      await page.goto("/console/balance");
      await expect(page.getByRole("heading", { name: /Loja Operações/ })).toBeVisible();
      await keepScreenshot(page, testInfo, `balance-merchant-${viewport.name}`);
      const other = JSON.parse(cashier("merchant", "create", "--name", "Outra Loja")) as Merchant;
      expect((await page.goto(`/console/balance?merchant=${other.merchantId}`))?.status()).toBe(404);
      expect((await page.goto(`/console/keys?merchant=${other.merchantId}`))?.status()).toBe(404);
      const csv = await page.request.get(`/console/balance/export.csv?merchant=${merchant.merchantId}`);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect((await csv.text()).split("\r\n")[1]).toMatch(
        /,credit,1000\.00,0\.00,1000\.00,0\.00,,sandbox funding by an operator$/,
      );
      expect((await page.request.get(`/console/balance/export.csv?merchant=${other.merchantId}`)).status()).toBe(404);
      expect((await page.goto("/console/payouts"))?.status()).toBe(403);
    });

    test("a merchant viewer's create, revoke and mark are refused by the server, not only hidden", async ({
      page,
      browser,
    }, testInfo) => {
      const payout = await createPayout(page.request, "3.00");
      const spare = await createPayout(page.request, "4.00");
      const admin = await newSignedInPage(browser, viewport.size, "merchant-admin", merchant.merchantId);
      const operator = await newSignedInPage(browser, viewport.size, "operator");
      await signInAsNew(page, "merchant-viewer", merchant.merchantId);

      await page.goto("/console/keys");
      await expect(page.getByTestId(`key-${merchant.keyId}`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Criar chave" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Revogar/ })).toHaveCount(0);
      await expect(page.getByText("Seu acesso é de leitura")).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `keys-viewer-${viewport.name}`);
      const keyRows = await page.getByTestId(/^key-/).count();

      // The admin's own "Criar chave", sent again with the viewer's session.
      await admin.goto("/console/keys");
      await admin.getByRole("button", { name: "Criar chave" }).click();
      const create = nextActionRequest(admin);
      await admin.getByRole("button", { name: "Criar outra chave" }).click();
      const createCall = await create;
      const adminKeyId = (await admin.getByTestId("new-key-id").textContent())!;
      expect(await replayAction(page.request, createCall)).toContain('"code":"forbidden"');

      // The admin's own revocation of their new key, sent with the viewer's session for the merchant's first key.
      await admin.reload();
      const adminRow = admin.getByTestId(`key-${adminKeyId}`);
      await adminRow.getByRole("button", { name: `Revogar ${adminKeyId}` }).click();
      const revoke = nextActionRequest(admin);
      await adminRow.getByRole("button", { name: `Confirmar revogação ${adminKeyId}` }).click();
      const revokeCall = await revoke;
      expect(await replayAction(page.request, revokeCall, [[adminKeyId, merchant.keyId]])).toContain(
        '"code":"forbidden"',
      );
      expect((await statusWith(page.request, merchant)).status()).toBe(404);

      // The operator's own marking of one payout, sent with the viewer's session for another.
      await operator.goto("/console/payouts");
      const card = operator.getByTestId(`payout-${payout}`);
      await card.getByRole("button", { name: "Concluir" }).click();
      const mark = nextActionRequest(operator);
      await card.getByRole("button", { name: "Confirmar conclusão" }).click();
      const markCall = await mark;
      await expect(operator.getByRole("status").filter({ hasText: payout })).toBeVisible();
      expect(await replayAction(page.request, markCall, [[payout, spare]])).toContain('"code":"forbidden"');

      // Nothing changed: no new key, the first key still signs, the other payout still waits.
      await page.reload();
      await expect(page.getByTestId(/^key-/)).toHaveCount(keyRows + 1);
      await operator.goto("/console/payouts");
      await expect(operator.getByTestId(`payout-${spare}`)).toContainText("Pendente");
      expect((await page.goto("/console/payouts"))?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Sem acesso" })).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `payouts-refused-viewer-${viewport.name}`);
      await admin.context().close();
      await operator.context().close();
    });
  });
}
