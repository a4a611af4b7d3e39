// Issue 24: Payment Initiation for a live merchant, through Efí's Open Finance at the simulator.
// The customer's steps are the domain's (the hosted pages' own tests drive them in Chromium): the
// bank picked from the initiator's list, the decision at the simulated bank, the way back. The
// gateway's webhook route runs behind a real HTTP server the simulator posts to.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPspSimulator } from "../psp-simulator/start-psp-simulator";
import { startRouteServer } from "../support/route-server";

const efi = await startPspSimulator({ profile: "efi" });
const routes: Parameters<typeof startRouteServer>[0] = {};
const gateway = await startRouteServer(routes);
Object.assign(process.env, { PUBLIC_BASE_URL: gateway.url, CALLBACK_RETRY_SCHEDULE: "0" });

const { POST: paymentInitiation } = await import("@/app/api/payment-initiation/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: webhook } = await import("@/app/api/psp/webhook/[accountId]/route");
const { GET: direct } = await import("@/app/direct/[keyId]/[token]/route");
const { signRequestToken } = await import("@/lib/envelope/sign-request-token");
const { chooseCheckoutPayment } = await import("@/lib/deposits/choose-checkout-payment");
const { findHostedPayment } = await import("@/lib/deposits/find-hosted-payment");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { addProviderAccount } = await import("@/lib/providers/accounts/add-provider-account");
const { configureInitiator } = await import("@/lib/providers/configure-initiator");
const { changeMerchantRouting } = await import("@/lib/merchants/change-merchant-routing");
const { startBankInitiation } = await import("@/lib/initiations/start-bank-initiation");
const { returnFromBank } = await import("@/lib/initiations/return-from-bank");
const { forgetParticipantBanks, listParticipantBanks } = await import("@/lib/initiations/list-participant-banks");
const { findProvider } = await import("@/lib/providers/registry");
const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
const { reconcilePendingRefunds } = await import("@/lib/refunds/reconcile-pending-refunds");
const { followInitiation } = await import("@/lib/initiations/confirm-initiation");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest } = await import("../support/requests");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let accountId: string;
const actor = cliAuditActor();
const HMAC = "hmac-of-the-initiator-0123456789";
const pem = (file: string) => readFileSync(file, "utf8");

beforeAll(async () => {
  receiver = await startReceiver();
  const view = await addProviderAccount(
    {
      kind: "efi",
      label: "Efí Open Finance",
      url: efi.origin,
      initiationUrl: efi.openFinanceUrl,
      clientId: efi.clientId,
      clientSecret: efi.clientSecret ?? undefined,
      certPem: pem(efi.certFile),
      keyPem: pem(efi.keyFile),
      caPem: pem(efi.caFile),
      pixKey: efi.chave,
      webhookSecret: HMAC,
      receiverBranch: "0001",
      receiverAccount: "123456",
      receiverAccountType: "CACC",
      receiverDocument: "11.222.333/0001-81",
      receiverName: "Cashier Pagamentos Ltda",
    },
    actor,
  );
  accountId = view.id;
  routes[`/api/psp/webhook/${accountId}`] = (request) => webhook(request, { params: Promise.resolve({ accountId }) });
  await configureInitiator(accountId, actor);
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
  await efi.close();
});

async function newMerchant(name: string): Promise<Merchant> {
  const merchant = await createTestMerchant({ name, mode: "live", callbackUrl: receiver.url });
  await changeMerchantRouting(merchant.merchantId, { providerFor: [`initiation=${accountId}`] }, actor);
  return merchant;
}

async function initiate(merchant: Merchant, amount: string) {
  const response = await postSigned(paymentInitiation, merchant, {
    ...pixDepositRequest({ amount }),
    successRedirectUrl: "https://loja.example/ok",
    failedRedirectUrl: "https://loja.example/falhou",
  });
  const { payload, data } = await readSigned(response, merchant);
  expect(payload.code, JSON.stringify(data)).toBe(201);
  return { id: data.id as string, token: String(data.paymentInitiationUrl).split("/pay/")[1] };
}

async function bradesco() {
  const banks = await listParticipantBanks(await findProvider(accountId));
  const found = banks.find((bank) => bank.method === "bradesco");
  if (!found) throw new Error("the simulator lists no Bradesco");
  return found;
}

const paymentIdOf = (redirectTo: string) =>
  efi.initiations().find((initiation) => initiation.redirectURI === redirectTo)?.identificadorPagamento as string;

async function callbacksOf(depositId: string) {
  await runCallbackWorker({ isOnce: true });
  return receiver.received.map((received) => received.data).filter((data) => data.id === depositId);
}

const credits = async (depositId: string) =>
  getDb().ledgerEntry.count({ where: { transactionId: depositId, kind: "credit" } });

describe("a live merchant's Payment Initiation through Efí", () => {
  it("lists the initiator's banks with the interface's five first", async () => {
    const banks = await listParticipantBanks(await findProvider(accountId));
    expect(banks.slice(0, 5).map((bank) => bank.method)).toEqual([
      "banco-do-brasil",
      "bradesco",
      "caixa",
      "nubank",
      "santander",
    ]);
    expect(banks.length).toBeGreaterThan(5);
  });

  it("asks the initiator for its banks at most once a minute, whatever ids customers post", async () => {
    const merchant = await newMerchant("Bancos inventados");
    const { token } = await initiate(merchant, "11.00");
    const fetches = () => efi.exchanges.filter((exchange) => exchange.path.endsWith("/participantes/")).length;
    const postMadeUp = (round: string) =>
      Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          startBankInitiation({ token, participantId: `banco-inventado-${round}-${index}` }),
        ),
      );
    // A list kept for two minutes: a pick not on it may ask again, once.
    forgetParticipantBanks();
    await listParticipantBanks(await findProvider(accountId), { now: Date.now() - 120_000 });
    const before = fetches();
    const first = await postMadeUp("a");
    expect(first.map((result) => result.status === "rejected" && (result.reason as { code: string }).code)).toEqual(
      Array(20).fill("validation_failed"),
    );
    expect(fetches() - before).toBe(1);
    await postMadeUp("b");
    expect(fetches() - before).toBe(1);
    // Nothing kept at all: the twenty share one question.
    forgetParticipantBanks();
    await postMadeUp("c");
    expect(fetches() - before).toBe(2);
  });

  it("is paid once when approved at Bradesco, whether the webhook comes before, after or twice around the return", async () => {
    const merchant = await newMerchant("Iniciação Bradesco");
    const { id, token } = await initiate(merchant, "25.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    expect(redirectTo.startsWith(efi.bankUrl)).toBe(true);
    // A double submit is the same payment at the initiator.
    expect((await startBankInitiation({ token, participantId: (await bradesco()).id })).redirectTo).toBe(redirectTo);
    const paymentId = paymentIdOf(redirectTo);
    expect(efi.initiations().filter((one) => one.idProprio === id)).toHaveLength(1);

    // The webhook is lost the first time; the customer's return confirms by query.
    efi.setWebhooksEnabled(false);
    const decision = await efi.approveInitiation(paymentId);
    const back = await returnFromBank(accountId, new URL(decision.location as string).searchParams, null);
    expect(back).toEqual({ token });
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid" });
    // Then the webhook arrives, twice.
    const notice = JSON.stringify({
      identificadorPagamento: paymentId,
      valor: "25.00",
      status: "aceito",
      tipo: "pagamento",
      endToEndId: efi.initiation(paymentId)?.endToEndId,
      dataCriacao: new Date().toISOString(),
    });
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${gateway.url}/api/psp/webhook/${accountId}?hmac=${HMAC}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: notice,
      });
      expect(answer.status).toBe(200);
    }
    efi.setWebhooksEnabled(true);
    expect(await credits(id)).toBe(1);
    expect((await callbacksOf(id)).filter((data) => data.type === "deposit.paid")).toHaveLength(1);
    expect((await getMerchantBalance(merchant.merchantId)).available).toBe("25.00");
  });

  it("settles by the webhook before the customer is back, and the return changes nothing", async () => {
    const merchant = await newMerchant("Webhook primeiro");
    const { id, token } = await initiate(merchant, "12.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    const decision = await efi.approveInitiation(paymentIdOf(redirectTo));
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid" });
    await returnFromBank(accountId, new URL(decision.location as string).searchParams, null);
    expect(await credits(id)).toBe(1);
  });

  it("brings the customer back to the payment their cookie names, whatever the address says", async () => {
    const merchant = await newMerchant("Volta do banco");
    const mine = await initiate(merchant, "13.00");
    const other = await initiate(merchant, "13.50");
    const { initiationId } = await startBankInitiation({ token: mine.token, participantId: (await bradesco()).id });
    const started = await startBankInitiation({ token: other.token, participantId: (await bradesco()).id });
    const otherPaymentId = paymentIdOf(started.redirectTo);
    const carried = { token: mine.token, initiationId };
    const named = (id: string) => new URLSearchParams({ identificadorPagamento: id });
    expect(await returnFromBank(accountId, named(otherPaymentId), carried)).toEqual({ token: mine.token });
    expect(await returnFromBank(accountId, new URLSearchParams(), carried)).toEqual({ token: mine.token });
    expect(await returnFromBank(accountId, named("urn:efi:desconhecido"), carried)).toEqual({ token: mine.token });
    // A cookie whose attempt is not its token's payment names nothing; the address still may.
    const forged = { token: mine.token, initiationId: started.initiationId };
    expect(await returnFromBank(accountId, new URLSearchParams(), forged)).toBeNull();
    expect(await returnFromBank(accountId, named(otherPaymentId), forged)).toEqual({ token: other.token });
    expect(await returnFromBank(accountId, named("urn:efi:desconhecido"), null)).toBeNull();
    expect(await returnFromBank("pa_outraconta", new URLSearchParams(), carried)).toBeNull();
  });

  it("is not paid when refused at the bank, or for R$ 0.11; the customer can pick another bank", async () => {
    const merchant = await newMerchant("Recusas");
    const refused = await initiate(merchant, "30.00");
    const first = await startBankInitiation({ token: refused.token, participantId: (await bradesco()).id });
    await efi.rejectInitiation(paymentIdOf(first.redirectTo));
    expect(await findTransaction(getDb(), refused.id)).toMatchObject({ status: "pending" });
    const attempts = await getDb().initiation.findMany({ where: { depositId: refused.id } });
    expect(attempts).toEqual([
      expect.objectContaining({ status: "failed", reasonCode: "declined_at_bank", reason: expect.any(String) }),
    ]);
    const banks = await listParticipantBanks(await findProvider(accountId));
    const other = banks.find((bank) => bank.method === "caixa");
    const second = await startBankInitiation({ token: refused.token, participantId: other?.id as string });
    expect(second.redirectTo).not.toBe(first.redirectTo);

    const rejected = await initiate(merchant, "0.11");
    const attempt = await startBankInitiation({ token: rejected.token, participantId: (await bradesco()).id });
    await efi.approveInitiation(paymentIdOf(attempt.redirectTo));
    expect(await findTransaction(getDb(), rejected.id)).toMatchObject({ status: "pending" });
    expect(await credits(rejected.id)).toBe(0);
  });

  it("ends an attempt whose rejected payment Efí lists without valor, with its reason", async () => {
    const merchant = await newMerchant("Recusa sem valor");
    const { id, token } = await initiate(merchant, "14.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    efi.setListsUnsettledBare(true);
    try {
      await efi.rejectInitiation(paymentIdOf(redirectTo));
    } finally {
      efi.setListsUnsettledBare(false);
    }
    expect(await getDb().initiation.findMany({ where: { depositId: id } })).toEqual([
      expect.objectContaining({
        status: "failed",
        reason: "o banco não aprovou o pagamento.",
      }),
    ]);
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "pending" });
  });

  it("changes nothing for a forged webhook: an unknown id, a wrong hmac, a status the query does not confirm", async () => {
    const merchant = await newMerchant("Falsificação");
    const { id, token } = await initiate(merchant, "15.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    const paymentId = paymentIdOf(redirectTo);
    const post = (body: unknown, hmac = HMAC) =>
      fetch(`${gateway.url}/api/psp/webhook/${accountId}?hmac=${hmac}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const forged = { identificadorPagamento: paymentId, valor: "15.00", status: "aceito", tipo: "pagamento" };
    expect((await post(forged, "not-the-hmac-0123456789")).status).toBe(401);
    const before = efi.exchanges.length;
    expect((await post({ ...forged, identificadorPagamento: "urn:efi:desconhecido" })).status).toBe(200);
    // An id the account never started is refused without asking the initiator.
    expect(efi.exchanges.length).toBe(before);
    // The query says pendente: nothing is credited on the webhook's word.
    expect((await post(forged)).status).toBe(200);
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "pending" });
    expect(await credits(id)).toBe(0);
  });

  it("pays a deposit whose webhook was lost at the next reconciliation", async () => {
    const merchant = await newMerchant("Webhook perdido");
    const { id, token } = await initiate(merchant, "18.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    efi.setWebhooksEnabled(false);
    await efi.approveInitiation(paymentIdOf(redirectTo));
    efi.setWebhooksEnabled(true);
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "pending" });
    await reconcileLiveDeposits(new Date(Date.now() + 20_000));
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid" });
    expect(await credits(id)).toBe(1);
  });

  it("refunds an initiated payment through the initiator, once", async () => {
    const merchant = await newMerchant("Devolução");
    const { id, token } = await initiate(merchant, "20.00");
    const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
    const paymentId = paymentIdOf(redirectTo);
    await efi.approveInitiation(paymentId);
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid" });
    const body = { id, amount: "20.00", reason: "cliente desistiu" };
    const first = await readSigned(await postSigned(refund, merchant, body), merchant);
    const again = await readSigned(await postSigned(refund, merchant, body), merchant);
    expect(first.payload.code, JSON.stringify(first.data)).toBe(201);
    expect(again.data.refund_id).toBe(first.data.refund_id);
    expect(efi.initiation(paymentId)?.devolucoes).toHaveLength(1);
  });

  describe("a refund of an initiated payment completes from Efí's own record", () => {
    /** A paid initiation of R$ 20.00 whose refunds Efí holds pendente until told. */
    async function paidInitiation(name: string) {
      const merchant = await newMerchant(name);
      const { id, token } = await initiate(merchant, "20.00");
      const { redirectTo } = await startBankInitiation({ token, participantId: (await bradesco()).id });
      const paymentId = paymentIdOf(redirectTo);
      await efi.approveInitiation(paymentId);
      expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid" });
      return { merchant, id, paymentId };
    }

    async function askRefund(merchant: Merchant, depositId: string, amount: string) {
      const answer = await readSigned(await postSigned(refund, merchant, { id: depositId, amount }), merchant);
      expect(answer.payload.code, JSON.stringify(answer.data)).toBe(201);
      expect(answer.data).toMatchObject({ status: "pending", amount });
      return answer.data.id as string;
    }

    const refundRow = (refundId: string) => getDb().refund.findUniqueOrThrow({ where: { id: refundId } });
    const debits = (depositId: string) =>
      getDb().ledgerEntry.count({ where: { transactionId: depositId, kind: "debit" } });
    async function completedCallbacks(refundId: string) {
      await runCallbackWorker({ isOnce: true });
      return receiver.received
        .map((received) => received.data)
        .filter((data) => data.type === "refund.completed" && data.id === refundId);
    }
    const available = async (merchant: Merchant) =>
      BigInt((await getMerchantBalance(merchant.merchantId)).available.replace(".", ""));

    afterAll(() => {
      efi.setInitiationRefundResult("aceito");
      efi.setWebhooksEnabled(true);
    });

    it("when Efí's devolucao webhook arrives, and again for a second refund up to the rest", async () => {
      efi.setInitiationRefundResult("later");
      const { merchant, id, paymentId } = await paidInitiation("Devolução por webhook");
      const before = await available(merchant);
      for (const [amount, count] of [
        ["12.00", 1],
        ["8.00", 2],
      ] as const) {
        const refundId = await askRefund(merchant, id, amount);
        expect(efi.initiation(paymentId)?.devolucoes).toHaveLength(count);
        expect(await refundRow(refundId)).toMatchObject({ status: "pending", isSubmitted: true });
        // Efí carries the devolucao out and posts its webhook to the account's address.
        const devolucao = await efi.completeInitiationRefund(paymentId, "aceito");
        expect(await refundRow(refundId)).toMatchObject({
          status: "completed",
          providerRefundId: devolucao.identificadorDevolucao,
        });
        expect(await completedCallbacks(refundId)).toHaveLength(1);
        // A repeated webhook and a reconciliation run change nothing.
        await followInitiation(await findProvider(accountId), paymentId);
        await reconcilePendingRefunds(new Date(Date.now() + 20_000));
        expect(await completedCallbacks(refundId)).toHaveLength(1);
        expect(await debits(id)).toBe(count);
      }
      expect(before - (await available(merchant))).toBe(2000n);
      expect(await getDb().operatorAlert.count({ where: { merchantId: merchant.merchantId } })).toBe(0);
    });

    it("when only reconciliation sees it, and again for a second refund up to the rest", async () => {
      efi.setInitiationRefundResult("later");
      const { merchant, id, paymentId } = await paidInitiation("Devolução por reconciliação");
      const before = await available(merchant);
      for (const [amount, count] of [
        ["5.00", 1],
        ["15.00", 2],
      ] as const) {
        const refundId = await askRefund(merchant, id, amount);
        efi.setWebhooksEnabled(false);
        await efi.completeInitiationRefund(paymentId, "aceito");
        efi.setWebhooksEnabled(true);
        expect(await refundRow(refundId)).toMatchObject({ status: "pending" });
        await reconcilePendingRefunds(new Date(Date.now() + 20_000));
        expect(await refundRow(refundId)).toMatchObject({ status: "completed" });
        await reconcilePendingRefunds(new Date(Date.now() + 20_000));
        await followInitiation(await findProvider(accountId), paymentId);
        expect(await completedCallbacks(refundId)).toHaveLength(1);
        expect(await debits(id)).toBe(count);
        expect(efi.initiation(paymentId)?.devolucoes).toHaveLength(count);
      }
      expect(before - (await available(merchant))).toBe(2000n);
    });

    it("books a devolucao Efí made on its own once, with an operator alert", async () => {
      efi.setInitiationRefundResult("aceito");
      const { merchant, id, paymentId } = await paidInitiation("Devolução no portal");
      const before = await available(merchant);
      // The webhook Efí posts for it is one report; the two calls below repeat it.
      await efi.addInitiationRefund(paymentId, "7.00");
      await followInitiation(await findProvider(accountId), paymentId);
      await followInitiation(await findProvider(accountId), paymentId);
      const booked = await getDb().refund.findMany({ where: { depositId: id } });
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({ status: "completed", amountCents: 700n, reasonCode: "returned_at_psp" });
      expect(await debits(id)).toBe(1);
      expect(before - (await available(merchant))).toBe(700n);
      expect(await getDb().operatorAlert.count({ where: { kind: "provider_refund", objectId: booked[0].id } })).toBe(1);
    });
  });

  it("takes a Gateway In link to Bradesco with the amount left to the customer to Bradesco once it is typed", async () => {
    const merchant = await newMerchant("Gateway In Bradesco");
    await changeMerchantRouting(merchant.merchantId, { providerFor: [`initiation=${accountId}`] }, actor);
    const data = { ...pixDepositRequest({ return_url: "https://loja.example/caixa", paymentMethod: "bradesco" }) };
    delete (data as { amount?: string }).amount;
    const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
    const opened = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
      params: Promise.resolve({ keyId: merchant.keyId, token }),
    });
    expect(opened.status).toBe(303);
    const payToken = new URL(opened.headers.get("location") as string, gateway.url).pathname.split("/")[2];
    const chosen = await chooseCheckoutPayment(payToken, { amount: "33.00" });
    expect(chosen).toEqual({ ok: true, next: { kind: "bank", bank: "bradesco" } });
    const { redirectTo } = await startBankInitiation({ token: payToken, method: "bradesco" });
    await efi.approveInitiation(paymentIdOf(redirectTo));
    const deposit = (await findHostedPayment(payToken))?.deposit;
    expect(deposit).toMatchObject({ status: "paid", amountCents: 3300n, provider: accountId });
  });
});
