// A live merchant's Pix through the PSP simulator: a real HTTPS server with mutual TLS and OAuth
// speaking the Central Bank's API Pix. The gateway's route handlers run in this process, its PSP
// webhook behind a real HTTP server the simulator posts to, and the merchant's callbacks reach a
// real receiver.
import { spawn } from "node:child_process";
import path from "node:path";
import { jwtVerify } from "jose";
import { hasError, parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOpenApiContract } from "../psp-simulator/openapi-contract";
import { OPENAPI_FILE, hasOpenApiDocument } from "../psp-simulator/openapi-file";
import { WEBHOOK_SECRET, startLivePsp } from "../support/live-psp";

const livePsp = await startLivePsp();
const { simulator, gateway, postNotification, reconcileLater } = livePsp;

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: status } = await import("@/app/api/status/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { recordFundsMovement } = await import("@/lib/funds/record-funds-movement");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { metrics } = await import("@/lib/metrics/metrics");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { decodeQrDataUri } = await import("../support/decode-qr");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let live: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const valid = pixDepositRequest;

async function createPix(data: Record<string, unknown>) {
  const response = await postSigned(pix, live, data);
  return { response, ...(await readSigned(response, live)) };
}

async function stored(id: unknown) {
  const deposit = await findTransaction(getDb(), id as string);
  if (!deposit) throw new Error(`no deposit ${String(id)}`);
  return deposit;
}

async function deliverCallbacks() {
  await runCallbackWorker({ isOnce: true });
  return receiver.received.map((r) => r.data);
}

beforeAll(async () => {
  receiver = await startReceiver();
  live = await createTestMerchant({ name: "Loja Real", mode: "live", callbackUrl: receiver.url });
  await registerPspWebhook(undefined, cliAuditActor());
});

afterAll(async () => {
  await receiver.close();
  await livePsp.close();
});

describe("live Pix at the PSP (API Pix over mutual TLS)", () => {
  it("registers the gateway's webhook with its secret", () => {
    expect(simulator.webhookUrl()).toBe(`${gateway.url}/api/psp/webhook?secret=${WEBHOOK_SECRET}`);
  });

  it("creates a dynamic charge: qrCodeText is the PSP's pixCopiaECola, with its location and a valid CRC", async () => {
    const request = valid();
    const { response, data } = await createPix(request);
    expect(response.status).toBe(201);
    const deposit = await stored(data.id);
    expect(deposit).toMatchObject({ status: "pending", mode: "live", provider: "api_pix", pixCode: data.qrCodeText });
    expect(deposit.pixTxid).toMatch(/^[A-Z0-9]{32}$/);
    const charge = simulator.charge(deposit.pixTxid as string);
    expect(charge?.pixCopiaECola).toBe(data.qrCodeText);
    expect(deposit.pixLocation).toBeTruthy();
    expect(simulator.chargeCount(deposit.pixTxid as string)).toBe(1);

    const parsed = parsePix(data.qrCodeText as string);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: "DYNAMIC" });
    expect(data.qrCodeText).toContain(deposit.pixLocation as string);
    expect(decodeQrDataUri(data.qrCodeImage as string)).toBe(data.qrCodeText);

    // The charge carries what the PSP needs: expiry, payer, amount and the gateway's key.
    const put = simulator.exchanges.find((e) => e.method === "PUT" && e.path === `/cob/${deposit.pixTxid}`);
    expect(put?.body).toMatchObject({
      calendario: { expiracao: expect.any(Number) },
      devedor: { cpf: "52998224725", nome: "Maria da Silva" },
      valor: { original: "10.50" },
      chave: simulator.chave,
    });
    expect((put?.body as { calendario: { expiracao: number } }).calendario.expiracao).toBeGreaterThan(1790);

    // A replay answers the same code without calling the PSP again.
    const replay = await createPix(request);
    expect(replay.response.status).toBe(200);
    expect(replay.data.qrCodeText).toBe(data.qrCodeText);
    expect(simulator.exchanges.filter((e) => e.path.startsWith(`/cob/${deposit.pixTxid}`))).toHaveLength(1);
  });

  it("counts each call to the PSP by account, operation and result, with no id in a label", async () => {
    // Copied: prom-client hands out its live entries, which later calls change.
    const calls = () =>
      metrics()
        .pspCalls.get()
        .then((metric) => metric.values.map((value) => ({ labels: { ...value.labels }, value: value.value })));
    // The PSP's base path (/api/v2 at the simulator) comes before the API Pix's own.
    const isChargePut = (operation: unknown) =>
      typeof operation === "string" && /^PUT \/.*cob\/\{id\}$/.test(operation);
    const before = await calls();
    const { data } = await createPix(valid());
    const deposit = await stored(data.id);
    const after = await calls();
    const puts = (values: typeof after) =>
      values
        .filter((value) => isChargePut(value.labels.operation) && value.labels.result === "2xx")
        .reduce((sum, value) => sum + value.value, 0);
    expect(puts(after) - puts(before)).toBe(1);
    expect(after.find((value) => isChargePut(value.labels.operation))?.labels.account).toBe(deposit.provider);
    for (const value of after) expect(JSON.stringify(value.labels)).not.toContain(deposit.pixTxid as string);
    const durations = (await metrics().pspCallDuration.get()).values;
    expect(durations.some((value) => value.metricName?.endsWith("_count") && isChargePut(value.labels.operation))).toBe(
      true,
    );
  });

  it("settles a Pix the PSP notifies only after confirming it: paid once, one callback, funds credited once", async () => {
    const before = await getMerchantBalance(live.merchantId);
    const { data } = await createPix(valid());
    const deposit = await stored(data.id);
    const paid = await simulator.pay(deposit.pixTxid as string);
    expect(simulator.webhookDeliveries.at(-1)).toMatchObject({ status: 200 });
    expect(await stored(data.id)).toMatchObject({ status: "paid", pixEndToEndId: paid.endToEndId });
    expect(simulator.exchanges.some((e) => e.method === "GET" && e.path === `/pix/${paid.endToEndId}`)).toBe(true);

    // The same notification again, and again out of order with reconciliation: nothing twice.
    expect((await postNotification({ pix: [paid] })).status).toBe(200);
    await reconcileLater();
    const callbacks = (await deliverCallbacks()).filter((c) => c.id === data.id);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatchObject({
      type: "deposit.paid",
      status: "paid",
      amount: "10.50",
      reference: data.reference,
    });
    const token = receiver.received.find((r) => r.data.id === data.id)?.jwt as string;
    await jwtVerify(token, new TextEncoder().encode(live.secret));
    const after = await getMerchantBalance(live.merchantId);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(10.5, 2);
    expect(await getDb().ledgerEntry.count({ where: { transactionId: data.id as string } })).toBe(1);
  });

  it("changes nothing for a forged notification: a Pix the PSP does not know, a wrong secret, a malformed body", async () => {
    const { data } = await createPix(valid());
    const forged = {
      endToEndId: "E99999997202611221200abcdefghijk",
      txid: (await stored(data.id)).pixTxid,
      valor: "10.50",
      horario: new Date().toISOString(),
    };
    expect((await postNotification({ pix: [forged] })).status).toBe(200);
    expect((await postNotification({ pix: [forged] }, "?secret=wrong")).status).toBe(401);
    expect((await postNotification({ pix: [forged] }, "")).status).toBe(401);
    expect((await postNotification({ pix: "nothing" })).status).toBe(422);
    // An unreadable item is skipped (its notification still answered), never credited.
    expect((await postNotification({ pix: [{ endToEndId: "E\u0000" }] })).status).toBe(200);
    expect(await stored(data.id)).toMatchObject({ status: "pending", pixEndToEndId: null });
    expect(await getDb().ledgerEntry.count({ where: { transactionId: data.id as string } })).toBe(0);
  });

  it("credits nothing for a Pix of another amount than the charge's", async () => {
    const { data } = await createPix(valid());
    await simulator.pay((await stored(data.id)).pixTxid as string, { amount: "1.00" });
    await reconcileLater();
    expect(await stored(data.id)).toMatchObject({ status: "pending" });
    expect(await getDb().ledgerEntry.count({ where: { transactionId: data.id as string } })).toBe(0);
  });

  it("settles by reconciliation within one interval when no webhook comes", async () => {
    simulator.setWebhooksEnabled(false);
    try {
      const { data } = await createPix(valid());
      await simulator.pay((await stored(data.id)).pixTxid as string);
      expect(await stored(data.id)).toMatchObject({ status: "pending" });
      const summary = await reconcileLater();
      expect(summary.paid).toBeGreaterThanOrEqual(1);
      expect(await stored(data.id)).toMatchObject({ status: "paid" });
    } finally {
      simulator.setWebhooksEnabled(true);
    }
  });

  it("ends expired a deposit whose charge the PSP removed, with its callback saying so", async () => {
    const { data } = await createPix(valid());
    simulator.removeCharge((await stored(data.id)).pixTxid as string);
    await reconcileLater();
    expect(await stored(data.id)).toMatchObject({ status: "expired" });
    // Removed before its deadline: the PSP's doing, not the customer's time running out.
    const why = { reason_code: "psp_closed", reason: "the PSP closed the Pix charge before it was paid" };
    expect((await deliverCallbacks()).filter((c) => c.id === data.id)).toMatchObject([
      { type: "deposit.expired", status: "expired", ...why },
    ]);
    expect((await readSigned(await postSigned(status, live, { id: data.id }), live)).data).toMatchObject({
      status: "expired",
      ...why,
    });
  });

  it("ends expired a deposit whose charge never reached the PSP by its deadline, saying so", async () => {
    const request = valid();
    simulator.failNext({ kind: "status", status: 503, target: "api" });
    expect((await createPix(request)).response.status).toBe(503);
    const { id } = await getDb().transaction.findFirstOrThrow({
      where: { merchantId: live.merchantId, reference: request.reference },
    });
    // Its time runs out before anyone asks again.
    await getDb().transaction.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await reconcileLater();
    const why = {
      reason_code: "charge_not_issued",
      reason: "no Pix charge could be issued at the PSP before the deadline",
    };
    expect((await deliverCallbacks()).filter((c) => c.id === id)).toMatchObject([
      { type: "deposit.expired", status: "expired", ...why },
    ]);
    expect((await readSigned(await postSigned(status, live, { id }), live)).data).toMatchObject({
      status: "expired",
      ...why,
    });
  });

  it("answers a signed 503 when the PSP is down, and the replay finishes the same charge", async () => {
    const request = valid();
    simulator.failNext({ kind: "status", status: 503, target: "api" });
    const { response, data } = await createPix(request);
    expect(response.status).toBe(503);
    expect(data.error).toMatchObject({ type: "provider_unavailable" });
    const pending = await getDb().transaction.findFirstOrThrow({
      where: { merchantId: live.merchantId, reference: request.reference },
    });
    expect(pending).toMatchObject({ status: "pending", pixCode: null });

    const replay = await createPix(request);
    expect(replay.response.status).toBe(200);
    expect(replay.data.qrCodeText).toBe(simulator.charge(pending.pixTxid as string)?.pixCopiaECola);
    expect(simulator.chargeCount(pending.pixTxid as string)).toBe(1);
  });

  it("is never paid by hand or by the sandbox bank", async () => {
    const { data } = await createPix(valid());
    await expect(paySandboxDeposit(data.id as string)).rejects.toThrow(/live merchant/);
    expect(await stored(data.id)).toMatchObject({ status: "pending" });
  });
});

describe("live refunds (devolucao) through POST /api/refund", () => {
  async function paidDeposit(amount = "30.00") {
    const { data } = await createPix(valid({ amount }));
    const paid = await simulator.pay((await stored(data.id)).pixTxid as string);
    expect(await stored(data.id)).toMatchObject({ status: "paid" });
    return { id: data.id as string, endToEndId: paid.endToEndId };
  }

  async function requestRefund(data: Record<string, unknown>) {
    const response = await postSigned(refund, live, data);
    return { response, ...(await readSigned(response, live)) };
  }

  const refundCallbacks = async (id: unknown) => (await deliverCallbacks()).filter((c) => c.id === id);

  it("a partial then the full remainder: DEVOLVIDO at the PSP gives refund.completed and the funds debit", async () => {
    simulator.setRefundOutcome("later");
    try {
      const deposit = await paidDeposit();
      const before = await getMerchantBalance(live.merchantId);
      const partial = await requestRefund({ id: deposit.id, amount: "10.00", reason: "item devolvido" });
      expect(partial.response.status).toBe(201);
      expect(partial.data).toMatchObject({
        id: expect.stringMatching(/^rfd_/),
        deposit_id: deposit.id,
        amount: "10.00",
        currency: "BRL",
        status: "pending",
      });
      const put = simulator.exchanges.find(
        (e) => e.method === "PUT" && e.path.startsWith(`/pix/${deposit.endToEndId}/devolucao/`),
      );
      expect(put?.body).toMatchObject({ valor: "10.00", descricao: "item devolvido" });

      // The same request again: the same refund, nothing new at the gateway or the PSP.
      const replay = await requestRefund({ id: deposit.id, amount: "10.00", reason: "item devolvido" });
      expect(replay.response.status).toBe(200);
      expect(replay.data.id).toBe(partial.data.id);
      expect(await getDb().refund.count({ where: { depositId: deposit.id } })).toBe(1);

      // More than is left: a signed 422 naming amount.
      const tooMuch = await requestRefund({ id: deposit.id, amount: "20.01" });
      expect(tooMuch.response.status).toBe(422);
      expect(tooMuch.data.error).toMatchObject({
        type: "validation_failed",
        fields: [{ path: "amount", message: expect.stringContaining("at most 20.00") }],
      });

      await simulator.completeRefund(deposit.endToEndId, partial.data.id as string, "DEVOLVIDO");
      expect((await readSigned(await postSigned(status, live, { id: partial.data.id }), live)).data).toMatchObject({
        status: "completed",
        operation: "refund",
      });
      expect(await refundCallbacks(partial.data.id)).toMatchObject([
        { type: "refund.completed", status: "completed", amount: "10.00", deposit_id: deposit.id },
      ]);

      // The rest, with no amount: the whole remainder, completed by polling with the webhook off.
      simulator.setWebhooksEnabled(false);
      const rest = await requestRefund({ reference: (await stored(deposit.id)).reference });
      expect(rest.data).toMatchObject({ amount: "20.00", status: "pending" });
      await simulator.completeRefund(deposit.endToEndId, rest.data.id as string, "DEVOLVIDO");
      await reconcileLater();
      expect(await refundCallbacks(rest.data.id)).toMatchObject([{ type: "refund.completed", amount: "20.00" }]);
      const after = await getMerchantBalance(live.merchantId);
      expect(Number(before.available) - Number(after.available)).toBeCloseTo(30, 2);
      expect(after.reserved).toBe(before.reserved);
    } finally {
      simulator.setRefundOutcome({ status: "DEVOLVIDO" });
      simulator.setWebhooksEnabled(true);
    }
  });

  it("NAO_REALIZADO gives refund.failed with the PSP's reason, and the money stays with the merchant", async () => {
    simulator.setRefundOutcome({ status: "NAO_REALIZADO", motivo: "Conta do pagador encerrada" });
    try {
      const deposit = await paidDeposit("12.34");
      const before = await getMerchantBalance(live.merchantId);
      const { response, data } = await requestRefund({ id: deposit.id });
      expect(response.status).toBe(201);
      const [callback] = await refundCallbacks(data.id);
      expect(callback).toMatchObject({
        type: "refund.failed",
        status: "failed",
        amount: "12.34",
        reason: expect.stringContaining("Conta do pagador encerrada"),
      });
      expect(await getMerchantBalance(live.merchantId)).toMatchObject({
        available: before.available,
        reserved: before.reserved,
      });
    } finally {
      simulator.setRefundOutcome({ status: "DEVOLVIDO" });
    }
  });
});

describe("the live/sandbox boundary", () => {
  it("a live payout is paid from live money only, and leaves through the PSP's provider", async () => {
    const { data: deposit } = await createPix(valid({ amount: "25.00" }));
    await simulator.pay((await stored(deposit.id)).pixTxid as string);
    const { available } = await getMerchantBalance(live.merchantId);
    expect(Number(available)).toBeGreaterThanOrEqual(25);
    // Sandbox money on a live merchant's ledger (what an operator's sandbox funding would be) counts for nothing.
    await getDb().$transaction((tx) =>
      recordFundsMovement(tx, {
        merchantId: live.merchantId,
        mode: "sandbox",
        kind: "credit",
        amountCents: 50_000_00n,
        memo: "sandbox money",
      }),
    );
    expect((await getMerchantBalance(live.merchantId)).available).toBe(available);
    const refused = await postSigned(gatewayOut, live, pixPayoutRequest((Number(available) + 1).toFixed(2)));
    expect(refused.status).toBe(422);
    expect((await readSigned(refused, live)).data.error).toMatchObject({ type: "insufficient_funds" });
    const accepted = await postSigned(gatewayOut, live, pixPayoutRequest("1.00"));
    expect(accepted.status).toBe(201);
    const { data } = await readSigned(accepted, live);
    expect(await findTransaction(getDb(), data.transfer_id as string)).toMatchObject({
      mode: "live",
      provider: "api_pix",
      status: "pending",
    });
    // The API Pix cannot send: the operator pays it in the PSP's portal and marks it, on record
    // as money that left outside the gateway.
    const marked = await runTool("cashier", ["payout", "complete", data.transfer_id as string]);
    expect(marked.code, marked.stderr).toBe(0);
    const audit = await getDb().auditEvent.findFirst({
      where: { action: "payout.completed", targetId: data.transfer_id as string },
    });
    expect(audit?.detail).toMatchObject({ sent_outside_gateway: true });
  });

  it("a sandbox merchant's payout never reaches the PSP, however it was funded", async () => {
    const shop = await createTestMerchant({ name: "Loja Sandbox" });
    expect((await runTool("cashier", ["merchant", "fund", shop.merchantId, "100"])).code).toBe(0);
    const response = await postSigned(gatewayOut, shop, pixPayoutRequest("50.00"));
    const { data } = await readSigned(response, shop);
    expect(await findTransaction(getDb(), data.transfer_id as string)).toMatchObject({
      mode: "sandbox",
      provider: "sandbox",
    });
    expect(simulator.exchanges.some((e) => JSON.stringify(e.body ?? "").includes(data.transfer_id as string))).toBe(
      false,
    );
  });
});

describe("the operator's PSP commands", () => {
  it("psp webhook register prints the URL without its secret, audited; psp reconcile prints what it did", async () => {
    const registrations = {
      where: { action: "provider_account.webhook_registered", actorRole: "cli" },
      orderBy: { createdAt: "asc" as const },
    };
    const before = await getDb().auditEvent.count({ where: registrations.where });
    const registered = await runTool("cashier", ["psp", "webhook", "register"]);
    expect(registered.code).toBe(0);
    const recorded = await getDb().auditEvent.findMany(registrations);
    expect(recorded).toHaveLength(before + 1);
    expect(recorded.at(-1)).toMatchObject({
      actorEmail: expect.stringMatching(/^cli:/),
      targetType: "provider_account",
      targetId: "api_pix",
      detail: { webhook_url: `${gateway.url}/api/psp/webhook` },
    });
    expect(JSON.stringify(recorded)).not.toContain(WEBHOOK_SECRET);
    expect(JSON.parse(registered.stdout)).toEqual({
      chave: simulator.chave,
      webhookUrl: `${gateway.url}/api/psp/webhook?secret=…`,
    });
    expect(registered.stdout + registered.stderr).not.toContain(WEBHOOK_SECRET);
    expect(simulator.webhookUrl()).toBe(`${gateway.url}/api/psp/webhook?secret=${WEBHOOK_SECRET}`);

    simulator.setWebhooksEnabled(false);
    try {
      const { data } = await createPix(valid());
      await simulator.pay((await stored(data.id)).pixTxid as string);
      const reconciled = await runTool("cashier", ["psp", "reconcile"]);
      expect(reconciled.code).toBe(0);
      expect(JSON.parse(reconciled.stdout)).toMatchObject({ paid: expect.any(Number), errors: 0 });
      expect(await stored(data.id)).toMatchObject({ status: "paid" });
    } finally {
      simulator.setWebhooksEnabled(true);
    }
  });
});

describe("a crash between the PSP's charge and the row's update", () => {
  it("leaves a deposit that reconciliation makes usable, with one charge at the PSP", async () => {
    const request = valid();
    simulator.failNext({ kind: "timeout", target: "api", afterHandling: true });
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.resolve(import.meta.dirname, "../support/create-pix-process.ts"),
        live.keyId,
        live.secret,
        JSON.stringify(request),
      ],
      { cwd: path.resolve(import.meta.dirname, "../.."), env: { ...process.env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // The PSP has made the charge and holds its answer: that is when the gateway dies.
    const deadline = Date.now() + 20_000;
    let txid: string | null = null;
    while (!txid && Date.now() < deadline) {
      const row = await getDb().transaction.findFirst({
        where: { merchantId: live.merchantId, reference: request.reference },
      });
      if (row?.pixTxid && simulator.chargeCount(row.pixTxid) === 1) txid = row.pixTxid;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(txid).not.toBeNull();
    child.kill("SIGKILL");
    await exited;
    const row = await getDb().transaction.findFirstOrThrow({
      where: { merchantId: live.merchantId, reference: request.reference },
    });
    expect(row).toMatchObject({ status: "pending", pixCode: null });

    // After the restart: the next reconciliation finishes it from the PSP's own record.
    const summary = await reconcileLater();
    expect(summary.issued).toBeGreaterThanOrEqual(1);
    const usable = await findTransaction(getDb(), row.id);
    expect(usable?.pixCode).toBe(simulator.charge(txid as string)?.pixCopiaECola);
    expect(simulator.chargeCount(txid as string)).toBe(1);
    // The merchant's replay answers the same code; the customer can pay it.
    const replay = await createPix(request);
    expect(replay.response.status).toBe(200);
    expect(replay.data.qrCodeText).toBe(usable?.pixCode);
    await simulator.pay(txid as string);
    expect(await findTransaction(getDb(), row.id)).toMatchObject({ status: "paid" });
  });
});

describe.skipIf(!hasOpenApiDocument())(
  `the gateway's exchanges with the PSP against the OpenAPI document (skipped when ${OPENAPI_FILE} is absent)`,
  () => {
    it("every request the gateway sent, every answer and every notification follow the API Pix", async () => {
      const contract = (await loadOpenApiContract())!;
      const exchanges = simulator.exchanges.filter((exchange) => exchange.kind === "api" && exchange.status !== null);
      expect(exchanges.length).toBeGreaterThan(10);
      expect(exchanges.flatMap((exchange) => contract.check(exchange))).toEqual([]);
      expect(simulator.webhookDeliveries.flatMap((delivery) => contract.checkNotification(delivery.body))).toEqual([]);
    });
  },
);
