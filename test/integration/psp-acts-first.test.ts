// Money the PSP moves on its own, against the PSP simulator: devolucoes the gateway did not ask for
// (MED claw-backs, a devolucao made in the PSP's portal) booked against the merchant, Pix that
// paid no deposit raised to operators and returned with `psp return`, refund answers that mean
// "later", and the webhook's limits. The gateway's route handlers run in this process, its PSP
// webhook behind a real HTTP server the simulator posts to, the merchant's callbacks at a real
// receiver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLivePsp } from "../support/live-psp";

const live = await startLivePsp({ env: { RATE_LIMIT_PSP_WEBHOOK: "150" } });
const { simulator, postNotification, reconcileLater } = live;

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { listOperatorAlerts } = await import("@/lib/alerts/list-operator-alerts");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");
const { getConfig } = await import("@/lib/config/config");
const { CLIENT_IP_HEADER } = await import("@/lib/http/client-ip");
const { WEBHOOK_SECRET } = await import("../support/live-psp");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const operator = {
  userId: "usr_operator",
  email: "ops@cashier.example",
  role: "operator" as const,
  merchantId: null,
  sessionId: "ses_test",
  ip: "127.0.0.1",
};

async function newLiveMerchant(name: string): Promise<Merchant> {
  return createTestMerchant({ name, mode: "live", callbackUrl: receiver.url });
}

/** A live deposit paid at the PSP and settled by its webhook. */
async function paidDeposit(merchant: Merchant, amount: string) {
  const { data } = await readSigned(await postSigned(pix, merchant, pixDepositRequest({ amount })), merchant);
  const deposit = await findTransaction(getDb(), data.id as string);
  const paid = await simulator.pay(deposit?.pixTxid as string);
  expect(await findTransaction(getDb(), data.id as string)).toMatchObject({ status: "paid" });
  return { id: data.id as string, endToEndId: paid.endToEndId };
}

async function refundCallbacks(depositId: string) {
  await runCallbackWorker({ isOnce: true });
  return receiver.received
    .map((r) => r.data)
    .filter((data) => data.deposit_id === depositId && String(data.type).startsWith("refund."));
}

const available = async (merchant: Merchant) => (await getMerchantBalance(merchant.merchantId)).available;

beforeAll(async () => {
  receiver = await startReceiver();
  await registerPspWebhook(undefined, cliAuditActor());
});

afterAll(async () => {
  await receiver.close();
  await live.close();
});

describe("a devolucao the gateway did not ask for", () => {
  const cases = [
    {
      name: "a MED_FRAUDE claw-back of the whole deposit, by webhook",
      natureza: "MED_FRAUDE",
      amount: "60.00",
      returned: "60.00",
      via: "webhook",
      reasonCode: "med_fraud",
    },
    {
      name: "a MED_OPERACIONAL claw-back of the whole deposit, by reconciliation",
      natureza: "MED_OPERACIONAL",
      amount: "60.00",
      returned: "60.00",
      via: "reconciliation",
      reasonCode: "med_operational",
    },
    {
      name: "a devolucao of part of it made in the PSP's portal, by webhook",
      natureza: "ORIGINAL",
      amount: "40.00",
      returned: "15.00",
      via: "webhook",
      reasonCode: "returned_at_psp",
    },
    {
      name: "a devolucao of part of it made in the PSP's portal, by reconciliation",
      natureza: "ORIGINAL",
      amount: "40.00",
      returned: "15.00",
      via: "reconciliation",
      reasonCode: "returned_at_psp",
    },
  ] as const;

  for (const scenario of cases) {
    it(`${scenario.name}: debited once, refund.completed with the reason, payouts past the balance refused, an alert`, async () => {
      const merchant = await newLiveMerchant(`Loja ${scenario.reasonCode}`);
      const deposit = await paidDeposit(merchant, scenario.amount);
      expect(await available(merchant)).toBe(scenario.amount);
      simulator.setWebhooksEnabled(scenario.via === "webhook");
      try {
        const delivered = simulator.webhookDeliveries.length;
        await simulator.returnOnItsOwn(deposit.endToEndId, { valor: scenario.returned, natureza: scenario.natureza });
        if (scenario.via === "reconciliation") {
          expect(simulator.webhookDeliveries.length).toBe(delivered);
          expect(await available(merchant)).toBe(scenario.amount);
          await reconcileLater();
        }
        // Reported again by both ways: booked once all the same.
        await reconcileLater();
        simulator.setWebhooksEnabled(true);
        await postNotification({ pix: [{ endToEndId: deposit.endToEndId, motivo: "again" }] });
      } finally {
        simulator.setWebhooksEnabled(true);
      }
      const left = (Number(scenario.amount) - Number(scenario.returned)).toFixed(2);
      expect(await available(merchant)).toBe(left);
      const refunds = await getDb().refund.findMany({ where: { depositId: deposit.id } });
      expect(refunds).toMatchObject([
        {
          status: "completed",
          amountCents: BigInt(Number(scenario.returned) * 100),
          reasonCode: scenario.reasonCode,
          provider: "api_pix",
        },
      ]);
      const events = await getDb().refundEvent.findMany({
        where: { refundId: refunds[0].id },
        orderBy: { createdAt: "asc" },
      });
      expect(events.map((event) => event.actor)).toEqual(["provider", "provider"]);
      expect(await findTransaction(getDb(), deposit.id)).toMatchObject({ status: "paid" });

      const callbacks = await refundCallbacks(deposit.id);
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0]).toMatchObject({
        type: "refund.completed",
        status: "completed",
        amount: scenario.returned,
        reason_code: scenario.reasonCode,
        reason: expect.any(String),
      });

      // The merchant cannot pay out money that went back to the payer.
      const tooMuch = await postSigned(gatewayOut, merchant, pixPayoutRequest((Number(left) + 0.01).toFixed(2)));
      expect(tooMuch.status).toBe(422);
      expect((await readSigned(tooMuch, merchant)).data.error).toMatchObject({ type: "insufficient_funds" });

      const { alerts } = await listOperatorAlerts(operator);
      expect(alerts.find((alert) => alert.objectId === refunds[0].id)).toMatchObject({
        kind: "provider_refund",
        merchantId: merchant.merchantId,
        amountCents: refunds[0].amountCents,
      });
    });
  }

  it("takes the balance below zero when the merchant already paid the money out, and refuses payouts until it is back", async () => {
    const merchant = await newLiveMerchant("Loja Sacada");
    const deposit = await paidDeposit(merchant, "60.00");
    const payout = await postSigned(gatewayOut, merchant, pixPayoutRequest("60.00"));
    expect(payout.status).toBe(201);
    await simulator.returnOnItsOwn(deposit.endToEndId, { valor: "60.00", natureza: "MED_FRAUDE" });
    expect(await getMerchantBalance(merchant.merchantId)).toMatchObject({ available: "-60.00", reserved: "60.00" });
    const refused = await postSigned(gatewayOut, merchant, pixPayoutRequest("0.01"));
    expect(refused.status).toBe(422);
    expect((await readSigned(refused, merchant)).data.error).toMatchObject({
      type: "insufficient_funds",
      detail: expect.stringContaining("below zero"),
    });
    // The merchant's own refund of the rest is refused too: nothing is left of the deposit.
    const again = await postSigned(refund, merchant, { id: deposit.id });
    expect((await readSigned(again, merchant)).data.error).toMatchObject({ type: "validation_failed" });
  });
});

describe("a Pix that paid no deposit", () => {
  it("is raised to operators, and psp return sends one devolucao, audited, booked against no merchant", async () => {
    const before = await getDb().ledgerEntry.count();
    const stray = await simulator.receiveUnmatched("12.34");
    const { alerts } = await listOperatorAlerts(operator);
    expect(alerts.find((alert) => alert.subject === stray.endToEndId)).toMatchObject({
      kind: "unmatched_pix",
      amountCents: 1234n,
      merchantId: null,
    });

    const returned = await runTool("cashier", ["psp", "return", stray.endToEndId]);
    expect(returned.code).toBe(0);
    expect(JSON.parse(returned.stdout)).toMatchObject({
      id: expect.stringMatching(/^ret_/),
      end_to_end_id: stray.endToEndId,
      amount: "12.34",
      status: "completed",
    });
    const puts = simulator.exchanges.filter(
      (e) => e.method === "PUT" && e.path.startsWith(`/pix/${stray.endToEndId}/devolucao/`),
    );
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toMatchObject({ valor: "12.34" });

    // Nothing is left to return: a second one is refused and reaches no PSP.
    const twice = await runTool("cashier", ["psp", "return", stray.endToEndId]);
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toContain("nothing is left to return");
    expect(
      simulator.exchanges.filter((e) => e.method === "PUT" && e.path.startsWith(`/pix/${stray.endToEndId}/devolucao/`)),
    ).toHaveLength(1);

    expect(
      await getDb().auditEvent.findMany({ where: { action: "pix.returned", targetId: stray.endToEndId } }),
    ).toMatchObject([{ actorRole: "cli", targetType: "pix", merchantId: null, detail: { amount: "12.34" } }]);
    expect(await getDb().ledgerEntry.count()).toBe(before);
    // Returned: the alert that asked for it is resolved.
    expect((await listOperatorAlerts(operator)).alerts.some((alert) => alert.subject === stray.endToEndId)).toBe(false);
  });

  it("refuses to return a Pix that credited a merchant: that is the merchant's refund", async () => {
    const merchant = await newLiveMerchant("Loja Paga");
    const deposit = await paidDeposit(merchant, "5.00");
    const refused = await runTool("cashier", ["psp", "return", deposit.endToEndId]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("POST /api/refund");
  });
});

describe("refund answers that mean later", () => {
  it("PUT devolucao answering 429 once: the refund stays pending and completes at the next reconciliation", async () => {
    const merchant = await newLiveMerchant("Loja Paciente");
    const deposit = await paidDeposit(merchant, "20.00");
    simulator.failNext({ kind: "status", status: 429, target: "api" });
    const asked = await postSigned(refund, merchant, { id: deposit.id });
    expect(asked.status).toBe(201);
    const { data } = await readSigned(asked, merchant);
    expect(await getDb().refund.findUniqueOrThrow({ where: { id: data.id as string } })).toMatchObject({
      status: "pending",
    });
    await reconcileLater();
    expect(await getDb().refund.findUniqueOrThrow({ where: { id: data.id as string } })).toMatchObject({
      status: "completed",
    });
    expect(await refundCallbacks(deposit.id)).toMatchObject([{ type: "refund.completed", amount: "20.00" }]);
  });

  it("a 404 for the Pix fails the refund only when a second one comes ten minutes after the first", async () => {
    const merchant = await newLiveMerchant("Loja Sem Pix");
    const deposit = await paidDeposit(merchant, "9.00");
    simulator.failNext({ kind: "status", status: 404, target: "api" });
    const { data } = await readSigned(await postSigned(refund, merchant, { id: deposit.id }), merchant);
    const stored = () => getDb().refund.findUniqueOrThrow({ where: { id: data.id as string } });
    expect(await stored()).toMatchObject({ status: "pending", notFoundAt: expect.any(Date) });
    // Another 404 soon after: still only a PSP that may be behind itself.
    simulator.failNext({ kind: "status", status: 404, target: "api" });
    await reconcileLater();
    expect(await stored()).toMatchObject({ status: "pending" });
    await getDb().refund.update({
      where: { id: data.id as string },
      data: { notFoundAt: new Date(Date.now() - 11 * 60_000) },
    });
    simulator.failNext({ kind: "status", status: 404, target: "api" });
    await reconcileLater();
    expect(await stored()).toMatchObject({ status: "failed", reasonCode: "provider_refused" });
    expect(await available(merchant)).toBe("9.00");
  });

  it("refuses a refund past the 90 days a Pix can be returned, before anything is held", async () => {
    const merchant = await newLiveMerchant("Loja Antiga");
    const deposit = await paidDeposit(merchant, "7.00");
    await getDb().transaction.update({
      where: { id: deposit.id },
      data: { settledAt: new Date(Date.now() - 91 * 24 * 3600_000) },
    });
    const asked = await postSigned(refund, merchant, { id: deposit.id });
    expect(asked.status).toBe(409);
    expect((await readSigned(asked, merchant)).data.error).toMatchObject({
      type: "state_conflict",
      detail: expect.stringContaining("90 days"),
    });
    expect(await getDb().refund.count({ where: { depositId: deposit.id } })).toBe(0);
    expect(await available(merchant)).toBe("7.00");
  });
});

describe("the PSP webhook's answers and limits", () => {
  it("answers 200 to a validation ping and to an empty list, and refuses more than 100 Pix at once", async () => {
    expect((await postNotification({ evento: "teste_webhook" })).status).toBe(200);
    expect((await postNotification({})).status).toBe(200);
    expect((await postNotification({ pix: [] })).status).toBe(200);
    const asked = simulator.exchanges.length;
    const many = Array.from({ length: 1000 }, (_, i) => ({
      endToEndId: `E99999997202611241200${String(i).padStart(11, "0")}`,
    }));
    const refused = await postNotification({ pix: many });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("at most 100");
    expect(simulator.exchanges.length).toBe(asked);
  });

  it("asks the PSP about the same notice of a Pix once a minute, and answers 429 past an address's budget", async () => {
    const endToEndId = "E99999997202611241300abcdefghijk";
    const asked = () => simulator.exchanges.filter((e) => e.path === `/pix/${endToEndId}`).length;
    for (let i = 0; i < 5; i++) expect((await postNotification({ pix: [{ endToEndId }] })).status).toBe(200);
    expect(asked()).toBe(1);
    const statuses: number[] = [];
    for (let i = 0; i < 160; i++) statuses.push((await postNotification({ pix: [{ endToEndId }] })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(150);
  });

  /** `count` notifications from one address of its own, 25 at a time, each naming one new Pix; their statuses. */
  async function flood(count: number, options: { ip: string; query: string; prefix: string }) {
    const statuses: number[] = [];
    for (let start = 0; start < count; start += 25) {
      const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) =>
        fetch(`${live.gateway.url}/api/psp/webhook/pix${options.query}`, {
          method: "POST",
          headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: options.ip },
          body: JSON.stringify({ pix: [{ endToEndId: `${options.prefix}${String(start + i).padStart(11, "0")}` }] }),
        }).then((answer) => answer.status),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    return statuses;
  }

  const pixQueries = (prefix: string) => simulator.exchanges.filter((e) => e.path.startsWith(`/pix/${prefix}`)).length;

  it("meets 1,000 single-id notifications from one address with 429 past its budget: at most the budget's queries to the PSP", async () => {
    const budget = getConfig().rateLimits.pspWebhook;
    const prefix = "E99999997202611241400";
    const statuses = await flood(1000, { ip: "198.51.100.61", query: `?secret=${WEBHOOK_SECRET}`, prefix });
    // A fresh address spends its whole minute's budget within the flood, and no more.
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBe(budget);
    expect(statuses.filter((status) => status === 429).length).toBe(1000 - accepted);
    // Each accepted notice named a new Pix, asked about once; nothing refused was asked about.
    expect(pixQueries(prefix)).toBe(accepted);
  });

  it("counts an unauthenticated flood before its secret is checked: 401s, then 429s, and nothing asked of the PSP", async () => {
    const budget = getConfig().rateLimits.pspWebhook;
    const prefix = "E99999997202611241500";
    const statuses = await flood(1000, { ip: "198.51.100.62", query: "?secret=not-the-secret", prefix });
    expect(statuses.filter((status) => status === 401).length).toBe(budget);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(pixQueries(prefix)).toBe(0);
  });
});
