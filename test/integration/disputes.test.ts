// Issue 41: a MED infraction Efí lists against a paid live deposit becomes a dispute the merchant
// answers. Efí is the PSP simulator (its infractions, its defense route, its MED devolucao); the
// gateway's routes run in this process behind a real HTTP server the simulator posts webhooks to;
// reconciliation runs as the operator's `psp reconcile` in three processes at once; the merchant's
// callbacks reach a real receiver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPspSimulator } from "../psp-simulator/start-psp-simulator";
import { startRouteServer } from "../support/route-server";

const efi = await startPspSimulator({ profile: "efi" });
const routes: Parameters<typeof startRouteServer>[0] = {};
const gateway = await startRouteServer(routes);
// A PSP that takes a defense and never answers is given up on after a second.
Object.assign(process.env, {
  PUBLIC_BASE_URL: gateway.url,
  CALLBACK_RETRY_SCHEDULE: "0",
  PIX_PSP_TIMEOUT_SECONDS: "1",
});

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: status } = await import("@/app/api/status/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: simulate } = await import("@/app/api/sandbox/simulate/route");
const { POST: listDisputes } = await import("@/app/api/disputes/route");
const { POST: respond } = await import("@/app/api/disputes/respond/route");
const { POST: webhook } = await import("@/app/api/psp/webhook/[accountId]/route");
const { POST: webhookPix } = await import("@/app/api/psp/webhook/[accountId]/pix/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { addProviderAccount } = await import("@/lib/providers/accounts/add-provider-account");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { changeMerchantRouting } = await import("@/lib/merchants/change-merchant-routing");
const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
const { alertUnansweredDisputes } = await import("@/lib/disputes/reconcile-disputes");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { verifyFunds } = await import("@/lib/funds/verify-funds");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");
const { simulatorAccountInput, until } = await import("../support/simulator-account");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let efiAccount: string;
const actor = cliAuditActor();
const DAY_MS = 24 * 3600_000;

const stored = (id: string) => findTransaction(getDb(), id);
const balance = async (merchant: Merchant) => {
  const { available, reserved } = await getMerchantBalance(merchant.merchantId);
  return { available, reserved };
};
const disputesOf = (depositId: string) => getDb().dispute.findMany({ where: { depositId } });
const signed = async (handler: typeof pix, merchant: Merchant, data: unknown) =>
  readSigned(await postSigned(handler, merchant, data), merchant);

async function callbacksAbout(id: string) {
  await runCallbackWorker({ isOnce: true });
  return receiver.received.map((received) => received.data).filter((data) => data.id === id);
}

/** A Pix deposit of the merchant's, paid at Efí and settled by its webhook. */
async function payDeposit(merchant: Merchant, amount: string) {
  const { data } = await signed(pix, merchant, pixDepositRequest({ amount }));
  const id = data.id as string;
  await efi.pay((await stored(id))?.pixTxid as string);
  const deposit = await until(
    () => stored(id),
    (row) => row?.status === "paid",
    "the deposit paid",
  );
  return { id, endToEndId: deposit?.pixEndToEndId as string };
}

/** A live merchant whose charges and payouts go to Efí, with one paid Pix deposit of `amount`. */
async function paidDeposit(name: string, amount: string) {
  const merchant = await createTestMerchant({ name, mode: "live", callbackUrl: receiver.url });
  await changeMerchantRouting(merchant.merchantId, { provider: efiAccount }, actor);
  return { merchant, ...(await payDeposit(merchant, amount)) };
}

/** The operator's `psp reconcile --force` in `count` processes at once, as several servers would. */
async function reconcileInProcesses(count: number) {
  const runs = await Promise.all(
    Array.from({ length: count }, () => runTool("cashier", ["psp", "reconcile", "--force"])),
  );
  for (const run of runs) expect(run.code, run.stderr).toBe(0);
}

beforeAll(async () => {
  receiver = await startReceiver();
  const view = await addProviderAccount(
    { ...simulatorAccountInput(efi, "efi"), webhookSecret: "secret-of-efi-0123456789" },
    actor,
  );
  efiAccount = view.id;
  routes[`/api/psp/webhook/${efiAccount}`] = (request) =>
    webhook(request, { params: Promise.resolve({ accountId: efiAccount }) });
  routes[`/api/psp/webhook/${efiAccount}/pix`] = (request) =>
    webhookPix(request, { params: Promise.resolve({ accountId: efiAccount }) });
  await registerPspWebhook(efiAccount, actor);
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
  await efi.close();
});

describe("an infraction Efí lists against a paid live deposit", () => {
  it("becomes one dispute, one dispute.opened and one hold, whether one or three processes reconcile", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Infração", "80.00");
    const infraction = efi.openInfraction(endToEndId, { tipoSituacao: "golpe", razao: "Pagador relata golpe" });
    expect(await balance(merchant)).toEqual({ available: "80.00", reserved: "0.00" });

    await reconcileInProcesses(3);
    expect(await disputesOf(id)).toHaveLength(1);
    // And this process's own run, a fourth, finds it made.
    await reconcileLiveDeposits();

    const [dispute, ...others] = await disputesOf(id);
    expect(others).toHaveLength(0);
    expect(dispute).toMatchObject({
      providerDisputeId: infraction.idInfracao,
      status: "open",
      amountCents: 8000n,
      heldCents: 8000n,
      reasonCode: "scam",
      reason: "Pagador relata golpe",
    });
    expect(dispute.respondBy.toISOString()).toBe(new Date(infraction.dadosAnalise.prazoFinalizacao).toISOString());
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "80.00" });
    expect(await getDb().ledgerEntry.count({ where: { memo: `dispute ${dispute.id}` } })).toBe(1);

    const opened = (await callbacksAbout(dispute.id)).filter((data) => data.type === "dispute.opened");
    expect(opened).toEqual([
      expect.objectContaining({
        id: dispute.id,
        deposit_id: id,
        amount: "80.00",
        reason_code: "scam",
        reason: "Pagador relata golpe",
        respond_by: dispute.respondBy.toISOString(),
        status: "open",
      }),
    ]);

    // The merchant sees it: in its list, and on the deposit's status.
    const listed = await signed(listDisputes, merchant, { status: "open" });
    expect(listed.data.disputes).toEqual([expect.objectContaining({ id: dispute.id, held: "80.00", decision: null })]);
    const { data: state } = await signed(status, merchant, { id });
    expect(state).toMatchObject({ status: "paid", dispute: { id: dispute.id, status: "open", amount: "80.00" } });

    // A payout past what is left is refused, naming the dispute that holds the money.
    const refused = await signed(gatewayOut, merchant, pixPayoutRequest("10.00"));
    expect(refused.payload.code).toBe(422);
    expect(refused.data.error).toMatchObject({ type: "insufficient_funds" });
    expect(String((refused.data.error as { detail: string }).detail)).toContain(dispute.id);
    expect(await verifyFunds()).toMatchObject({ differences: [] });
  });

  it("is contested by API: one defense rejeitado at Efí; REJEITADA wins it and releases the hold", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Contestada", "50.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "50.00" });

    const justification = "Pedido 1001 entregue em 2026-11-20 no endereço do pagador; recibo assinado em arquivo.";
    const answer = await signed(respond, merchant, { id: dispute.id, decision: "contest", justification });
    expect(answer.payload.code).toBe(200);
    expect(answer.data).toMatchObject({ id: dispute.id, status: "answered", decision: "contest", justification });
    expect(efi.defenses()).toContainEqual({
      idInfracao: infraction.idInfracao,
      body: { analise: "rejeitado", justificativa: justification },
      status: 204,
    });
    expect(efi.defenses().filter((defense) => defense.idInfracao === infraction.idInfracao)).toHaveLength(1);
    expect(await getDb().auditEvent.count({ where: { action: "dispute.answered", targetId: dispute.id } })).toBe(1);

    // Once: a second answer is refused and nothing more reaches Efí.
    const again = await signed(respond, merchant, {
      id: dispute.id,
      decision: "accept",
      justification: "mudei de ideia",
    });
    expect(again.payload.code).toBe(409);
    expect(efi.defenses().filter((defense) => defense.idInfracao === infraction.idInfracao)).toHaveLength(1);

    efi.closeInfraction(infraction.idInfracao, "REJEITADA");
    await reconcileLiveDeposits();
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "won", heldCents: 0n, pspStatus: "REJEITADA" });
    expect(await balance(merchant)).toEqual({ available: "50.00", reserved: "0.00" });
    const closed = (await callbacksAbout(dispute.id)).filter((data) => data.type === "dispute.closed");
    expect(closed).toEqual([expect.objectContaining({ status: "won", outcome: "won", amount: "50.00" })]);
  });

  it("accepted and lost: the MED devolucao that follows is debited once, against the hold", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Aceita", "40.00");
    // Other money of the merchant's, which the claw-back must not touch twice.
    await payDeposit(merchant, "30.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "40.00" });

    const answer = await signed(respond, merchant, {
      id: dispute.id,
      decision: "accept",
      justification: "Não reconhecemos a venda; devolvam ao pagador.",
    });
    expect(answer.data).toMatchObject({ status: "answered", decision: "accept" });
    expect(efi.defenses().at(-1)?.body).toMatchObject({ analise: "aceito" });

    efi.closeInfraction(infraction.idInfracao, "ACEITA");
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "lost", heldCents: 4000n });
    // Lost, not returned yet: the money stays held for the devolucao.
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "40.00" });

    await efi.returnOnItsOwn(endToEndId, { valor: "40.00", natureza: "MED_FRAUDE" });
    await until(
      () => getDb().refund.findMany({ where: { depositId: id } }),
      (refunds) => refunds.some((row) => row.status === "completed"),
      "the MED devolucao booked",
    );
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "0.00" });
    expect((await disputesOf(id))[0]).toMatchObject({ heldCents: 0n });

    // Reported again (reconciliation lists the Pix with its devolucao): never twice.
    await reconcileLiveDeposits();
    expect(await getDb().refund.count({ where: { depositId: id } })).toBe(1);
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "0.00" });
    const told = await callbacksAbout(dispute.id);
    expect(told.filter((data) => data.type === "dispute.closed")).toEqual([
      expect.objectContaining({ outcome: "lost" }),
    ]);
    expect(await verifyFunds()).toMatchObject({ differences: [] });
  });

  it("lost after the merchant refunded part: holds only what the devolucao can still take", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Parte devolvida", "40.00");
    // Other money of the merchant's, which the dispute must not touch.
    await payDeposit(merchant, "30.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "40.00" });

    // The merchant refunds 20.00 of it meanwhile: the payer has that back already.
    const refunded = await signed(refund, merchant, { id, amount: "20.00" });
    expect(refunded.payload.code, JSON.stringify(refunded.data)).toBeLessThan(300);
    await until(
      () => getDb().refund.findMany({ where: { depositId: id } }),
      (refunds) => refunds.every((row) => row.status === "completed"),
      "the refund",
    );
    expect(await balance(merchant)).toEqual({ available: "10.00", reserved: "40.00" });

    efi.closeInfraction(infraction.idInfracao, "ACEITA");
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "lost", heldCents: 2000n });
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "20.00" });

    await efi.returnOnItsOwn(endToEndId, { valor: "20.00", natureza: "MED_FRAUDE" });
    await until(
      () => getDb().refund.count({ where: { depositId: id, reasonCode: "med_fraud" } }),
      (count) => count === 1,
      "the MED devolucao",
    );
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "0.00" });
    expect((await disputesOf(id))[0]).toMatchObject({ heldCents: 0n });
    expect(await verifyFunds()).toMatchObject({ differences: [] });
  });

  it("says so when Efí decided before the merchant answered, and frees nothing it should not", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Tarde demais", "22.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    efi.closeInfraction(infraction.idInfracao, "ACEITA");
    const late = await signed(respond, merchant, {
      id: dispute.id,
      decision: "contest",
      justification: "Entregue.\r\nRecibo em anexo.",
    });
    expect(late.payload.code).toBe(409);
    expect(String((late.data.error as { detail: string }).detail)).toContain("lost (ACEITA)");
    expect((await disputesOf(id))[0]).toMatchObject({ status: "lost", decision: null, submittedAt: null });
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "22.00" });
  });

  it("holds nothing for a deposit already refunded in full", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Reembolsada", "20.00");
    const refunded = await signed(refund, merchant, { id, amount: "20.00" });
    expect(refunded.payload.code, JSON.stringify(refunded.data)).toBeLessThan(300);
    await until(
      () => getDb().refund.findMany({ where: { depositId: id } }),
      (refunds) => refunds.every((row) => row.status === "completed"),
      "the refund",
    );
    efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "open", amountCents: 2000n, heldCents: 0n });
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "0.00" });
  });

  it("undecided for longer than any listing reaches is asked about by itself, and its decision applied", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Antiga", "25.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "25.00" });
    // Seventy days on and still undecided: the listing reaches back 60 days at most.
    const longAgo = new Date(Date.now() - 70 * DAY_MS);
    const listed = efi.infraction(infraction.idInfracao);
    expect(listed).toBeDefined();
    Object.assign(listed!, {
      criadoEm: longAgo.toISOString(),
      dadosAnalise: { ...listed!.dadosAnalise, abertura: longAgo.toISOString() },
    });
    await getDb().dispute.update({ where: { id: dispute.id }, data: { openedAt: longAgo } });
    efi.closeInfraction(infraction.idInfracao, "REJEITADA");
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "won", heldCents: 0n, pspStatus: "REJEITADA" });
    expect(await balance(merchant)).toEqual({ available: "25.00", reserved: "0.00" });
  });

  it("whose amount does not read opens no dispute and holds nothing, but raises the operator's alert, once", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Ilegível", "30.00");
    const infraction = efi.openInfraction(endToEndId);
    const listed = efi.infraction(infraction.idInfracao);
    expect(listed).toBeDefined();
    listed!.valor = "trinta reais";
    await reconcileLiveDeposits();
    await reconcileLiveDeposits();
    expect(await disputesOf(id)).toEqual([]);
    expect(await balance(merchant)).toEqual({ available: "30.00", reserved: "0.00" });
    const alerts = await getDb().operatorAlert.findMany({
      where: { kind: "unreadable_answer", subject: `${efiAccount}/${infraction.idInfracao}` },
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ merchantId: merchant.merchantId, objectId: id, amountCents: 3000n });
    expect(alerts[0].message).toContain(`MED infraction ${infraction.idInfracao} against Pix ${endToEndId}`);
    expect(alerts[0].message).toContain("valor: ");
    expect(alerts[0].message).toContain("no dispute is open and nothing is held");
  });

  it("already a dispute and then listed in a form that does not read: the alert names the dispute and its hold", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Ilegível depois", "35.00");
    const infraction = efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    expect(dispute).toMatchObject({ status: "open", heldCents: 3500n });
    const listed = efi.infraction(infraction.idInfracao);
    expect(listed).toBeDefined();
    listed!.valor = "trinta e cinco";
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "open", heldCents: 3500n });
    const [alert] = await getDb().operatorAlert.findMany({
      where: { kind: "unreadable_answer", subject: `${efiAccount}/${infraction.idInfracao}` },
    });
    expect(alert).toMatchObject({ merchantId: merchant.merchantId, objectId: id, amountCents: 3500n });
    expect(alert.message).toContain(`its dispute ${dispute.id} stays open, holding 35.00 BRL`);
  });

  it("raises the operator's alert when nobody has answered a day before the deadline, once", async () => {
    const { id, endToEndId } = await paidDeposit("Prazo", "15.00");
    efi.openInfraction(endToEndId, { prazoFinalizacao: new Date(Date.now() + 20 * 3600_000) });
    await reconcileLiveDeposits();
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    const alerts = await getDb().operatorAlert.findMany({ where: { kind: "dispute_deadline", subject: dispute.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toContain(dispute.respondBy.toISOString());
    // A dispute with days left raises none.
    const far = await paidDeposit("Prazo longe", "15.00");
    efi.openInfraction(far.endToEndId, { prazoFinalizacao: new Date(Date.now() + 5 * DAY_MS) });
    await reconcileLiveDeposits();
    const [farDispute] = await disputesOf(far.id);
    expect(await getDb().operatorAlert.count({ where: { kind: "dispute_deadline", subject: farDispute.id } })).toBe(0);
  });

  it("refuses a bad answer with the field and the reason, and another merchant's dispute as not found", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Respostas", "12.00");
    efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    const long = await signed(respond, merchant, {
      id: dispute.id,
      decision: "contest",
      justification: "a".repeat(2001),
    });
    expect(long.payload.code).toBe(422);
    expect(JSON.stringify(long.data)).toContain("justification");
    const html = await signed(respond, merchant, { id: dispute.id, decision: "contest", justification: "<b>não</b>" });
    expect(html.payload.code).toBe(422);
    const decision = await signed(respond, merchant, { id: dispute.id, decision: "maybe", justification: "x" });
    expect(decision.payload.code).toBe(422);
    const stranger = await createTestMerchant({ name: "Outra", mode: "live" });
    const foreign = await signed(respond, stranger, {
      id: dispute.id,
      decision: "contest",
      justification: "não é meu",
    });
    expect(foreign.payload.code).toBe(404);
    // A refusal by Efí leaves it open for another answer.
    efi.refuseNextDefense({ status: 400, title: "Defesa inválida", detail: "justificativa insuficiente" });
    const refused = await signed(respond, merchant, { id: dispute.id, decision: "contest", justification: "curta" });
    expect(refused.payload.code).toBe(502);
    expect((await disputesOf(id))[0]).toMatchObject({ status: "open", decision: null });
    const accepted = await signed(respond, merchant, {
      id: dispute.id,
      decision: "contest",
      justification: "Entrega comprovada por rastreio.",
    });
    expect(accepted.data).toMatchObject({ status: "answered" });
  });
});

describe("an answer whose sending got no answer", () => {
  it("is kept: the deadline alert still comes, another is refused, the same again is found taken", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Sem resposta", "18.00");
    const infraction = efi.openInfraction(endToEndId, { prazoFinalizacao: new Date(Date.now() + 3 * DAY_MS) });
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    const answer = { id: dispute.id, decision: "contest", justification: "Entregue; nota fiscal 123." };

    // Efí takes the defense, and its answer is lost on the way back.
    efi.failNext({ kind: "timeout", afterHandling: true });
    const lost = await signed(respond, merchant, answer);
    expect(lost.payload.code).toBe(503);
    expect(String((lost.data.error as { detail: string }).detail)).toContain("your answer is kept");
    expect(efi.infraction(infraction.idInfracao)?.status).toBe("EM_DEFESA");
    expect((await disputesOf(id))[0]).toMatchObject({ status: "open", decision: "contest", submittedAt: null });

    // Still unanswered as far as the gateway knows (before a listing shows the defense), a day
    // before the deadline: the operator hears of it.
    await alertUnansweredDisputes(new Date(Date.now() + 2.5 * DAY_MS));
    expect(await getDb().operatorAlert.count({ where: { kind: "dispute_deadline", subject: dispute.id } })).toBe(1);

    // Another answer cannot take its place; the same one again is found taken at Efí.
    const other = await signed(respond, merchant, { ...answer, decision: "accept" });
    expect(other.payload.code).toBe(409);
    const again = await signed(respond, merchant, answer);
    expect(again.payload.code).toBe(200);
    expect(again.data).toMatchObject({ status: "answered", decision: "contest", answered_at: expect.any(String) });
    expect(efi.defenses().filter((defense) => defense.idInfracao === infraction.idInfracao)).toHaveLength(2);
    // The PSP holds the answer now: the deadline's alert is resolved, and it named the deposit.
    expect(
      await getDb().operatorAlert.findFirst({ where: { kind: "dispute_deadline", subject: dispute.id } }),
    ).toMatchObject({ objectId: id, resolvedAt: expect.any(Date), resolvedBy: "system: the PSP holds an answer" });
  });

  it("is found taken by reconciliation when nobody sends it again", async () => {
    const { merchant, id, endToEndId } = await paidDeposit("Reconciliada", "19.00");
    efi.openInfraction(endToEndId);
    await reconcileLiveDeposits();
    const [dispute] = await disputesOf(id);
    efi.failNext({ kind: "timeout", afterHandling: true });
    const lost = await signed(respond, merchant, { id: dispute.id, decision: "accept", justification: "Devolver." });
    expect(lost.payload.code).toBe(503);
    await reconcileLiveDeposits();
    expect((await disputesOf(id))[0]).toMatchObject({ status: "answered", decision: "accept", pspStatus: "EM_DEFESA" });
    expect((await disputesOf(id))[0].submittedAt).not.toBeNull();
  });
});

describe("a sandbox merchant's dispute", () => {
  it("opens and is answered with only the sandbox key: contest wins, accept loses and books the devolucao", async () => {
    const merchant = await createTestMerchant({ name: "Sandbox disputa", mode: "sandbox", callbackUrl: receiver.url });
    const deposits: string[] = [];
    for (const amount of ["25.00", "35.00"]) {
      const { data } = await signed(pix, merchant, pixDepositRequest({ amount }));
      await signed(simulate, merchant, { id: data.id, outcome: "paid" });
      deposits.push(data.id as string);
    }
    expect(await balance(merchant)).toEqual({ available: "60.00", reserved: "0.00" });
    const disputeIds: string[] = [];
    for (const id of deposits) {
      const opened = await signed(simulate, merchant, { id, outcome: "disputed" });
      expect(opened.payload.code).toBe(200);
      expect(opened.data).toMatchObject({ id, status: "paid", dispute_id: expect.stringMatching(/^dsp_/) });
      disputeIds.push(opened.data.dispute_id as string);
    }
    expect(await balance(merchant)).toEqual({ available: "0.00", reserved: "60.00" });

    const won = await signed(respond, merchant, { id: disputeIds[0], decision: "contest", justification: "Entregue." });
    expect(won.data).toMatchObject({ status: "won", held: "0.00" });
    const lost = await signed(respond, merchant, { id: disputeIds[1], decision: "accept", justification: "Devolver." });
    expect(lost.data).toMatchObject({ status: "lost", held: "0.00" });
    expect(await balance(merchant)).toEqual({ available: "25.00", reserved: "0.00" });
    const refunds = await getDb().refund.findMany({ where: { depositId: deposits[1] } });
    expect(refunds).toEqual([
      expect.objectContaining({ status: "completed", amountCents: 3500n, reasonCode: "med_fraud" }),
    ]);

    await runCallbackWorker({ isOnce: true });
    const types = receiver.received
      .map((received) => received.data)
      .filter((data) => disputeIds.includes(data.id as string) || data.deposit_id === deposits[1])
      .map((data) => `${data.type}:${data.outcome ?? data.status}`);
    expect(types.sort()).toEqual(
      [
        "dispute.opened:open",
        "dispute.opened:open",
        "dispute.closed:won",
        "dispute.closed:lost",
        "refund.completed:completed",
      ].sort(),
    );
    // One undecided dispute a deposit, and only a paid deposit can be disputed.
    const third = await signed(pix, merchant, pixDepositRequest({ amount: "5.00" }));
    await signed(simulate, merchant, { id: third.data.id, outcome: "paid" });
    expect((await signed(simulate, merchant, { id: third.data.id, outcome: "disputed" })).payload.code).toBe(200);
    expect((await signed(simulate, merchant, { id: third.data.id, outcome: "disputed" })).payload.code).toBe(409);
    const { data: unpaid } = await signed(pix, merchant, pixDepositRequest({ amount: "5.00" }));
    const refused = await signed(simulate, merchant, { id: unpaid.id, outcome: "disputed" });
    expect(refused.payload.code).toBe(409);
  });
});
