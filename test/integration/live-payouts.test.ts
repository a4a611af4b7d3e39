// Issue 23: live payouts through a PSP's Pix send, on provider accounts that let several PSPs
// serve at once. A merchant's charges go to an API Pix PSP and its payouts to Efí, each a
// simulator over mTLS; the gateway's routes run in this process behind a real HTTP server the
// simulators post their webhooks to; the merchant's callbacks reach a real receiver.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPspSimulator } from "../psp-simulator/start-psp-simulator";
import { startRouteServer } from "../support/route-server";

const charges = await startPspSimulator();
const efi = await startPspSimulator({ profile: "efi" });
const routes: Parameters<typeof startRouteServer>[0] = {};
const gateway = await startRouteServer(routes);
Object.assign(process.env, { PUBLIC_BASE_URL: gateway.url, CALLBACK_RETRY_SCHEDULE: "0" });

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: webhook } = await import("@/app/api/psp/webhook/[accountId]/route");
const { POST: webhookPix } = await import("@/app/api/psp/webhook/[accountId]/pix/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { addProviderAccount } = await import("@/lib/providers/accounts/add-provider-account");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { changeMerchantRouting } = await import("@/lib/merchants/change-merchant-routing");
const { approvePayout } = await import("@/lib/payouts/approve-payout");
const { expireDueDeposits } = await import("@/lib/deposits/expire-due-deposits");
const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");
const { simulatorAccountInput, until } = await import("../support/simulator-account");
const { inFlightMs } = await import("@/lib/payouts/reconcile-live-payouts");
const { disableProviderAccount } = await import("@/lib/providers/accounts/disable-provider-account");
const { applyTransfer } = await import("@/lib/payouts/apply-transfer");
const { listOperatorAlerts } = await import("@/lib/alerts/list-operator-alerts");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let chargesAccount: string;
let efiAccount: string;

const actor = cliAuditActor();
const operatorActor = {
  userId: "usr_operator",
  email: "ops@cashier.example",
  role: "operator" as const,
  merchantId: null,
  sessionId: "ses_test",
  ip: "127.0.0.1",
};
const audit = { actor, ip: null };

const stored = (id: string) => findTransaction(getDb(), id);
/** Reconciliation as a later run sees it: past the window a send in flight is left alone for. */
const later = () => new Date(Date.now() + inFlightMs() + 5_000);
const idEnvioOf = (transferId: string) => transferId.replace("_", "");

async function addAccount(kind: "api_pix" | "efi", simulator: typeof charges) {
  const view = await addProviderAccount(
    { ...simulatorAccountInput(simulator, kind), webhookSecret: `secret-of-${kind}-0123456789` },
    actor,
  );
  routes[`/api/psp/webhook/${view.id}`] = (request) =>
    webhook(request, { params: Promise.resolve({ accountId: view.id }) });
  routes[`/api/psp/webhook/${view.id}/pix`] = (request) =>
    webhookPix(request, { params: Promise.resolve({ accountId: view.id }) });
  await registerPspWebhook(view.id, actor);
  return view.id;
}

/** A live merchant whose charges go to the API Pix PSP and payouts to Efí, with live funds. */
async function newMerchant(name: string, options: { approval?: "operator"; above?: string } = {}): Promise<Merchant> {
  const merchant = await createTestMerchant({ name, mode: "live", callbackUrl: receiver.url });
  await changeMerchantRouting(
    merchant.merchantId,
    {
      provider: chargesAccount,
      providerFor: [`payouts=${efiAccount}`],
      ...(options.approval ? { payoutApproval: options.approval, approvalAbove: options.above } : {}),
    },
    actor,
  );
  // Live funds come only from paid deposits: one Pix of 100.00 paid at the charges PSP.
  const { data } = await readSigned(await postSigned(pix, merchant, pixDepositRequest({ amount: "100.00" })), merchant);
  await charges.pay((await stored(data.id as string))?.pixTxid as string);
  await until(
    () => stored(data.id as string),
    (deposit) => deposit?.status === "paid",
    "the funding deposit",
  );
  return merchant;
}

async function payout(merchant: Merchant, body: Record<string, unknown>) {
  const answer = await readSigned(await postSigned(gatewayOut, merchant, body), merchant);
  expect(answer.payload.code, JSON.stringify(answer.data)).toBe(201);
  return answer.data.transfer_id as string;
}

async function callbacksOf(transferId: string) {
  await runCallbackWorker({ isOnce: true });
  return receiver.received.map((received) => received.data).filter((data) => data.transfer_id === transferId);
}

const balance = async (merchant: Merchant) => getMerchantBalance(merchant.merchantId);
const ledgerKinds = async (transferId: string) =>
  (await getDb().ledgerEntry.findMany({ where: { transactionId: transferId }, orderBy: { createdAt: "asc" } })).map(
    (entry) => entry.kind,
  );

beforeAll(async () => {
  receiver = await startReceiver();
  chargesAccount = await addAccount("api_pix", charges);
  efiAccount = await addAccount("efi", efi);
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
  await charges.close();
  await efi.close();
});

describe("two provider accounts at once", () => {
  it("settles each deposit by the account that issued it, after the merchant's routing changed", async () => {
    const merchant = await newMerchant("Duas contas");
    const first = await readSigned(await postSigned(pix, merchant, pixDepositRequest({ amount: "12.00" })), merchant);
    const before = await stored(first.data.id as string);
    expect(before?.provider).toBe(chargesAccount);
    expect(charges.charge(before?.pixTxid as string)).toBeDefined();

    // Charges move to Efí: new deposits are charged there, the first stays the API Pix PSP's.
    await changeMerchantRouting(merchant.merchantId, { providerFor: [`charges=${efiAccount}`] }, actor);
    const second = await readSigned(await postSigned(pix, merchant, pixDepositRequest({ amount: "13.00" })), merchant);
    const moved = await stored(second.data.id as string);
    expect(moved?.provider).toBe(efiAccount);
    expect(efi.charge(moved?.pixTxid as string)).toBeDefined();
    expect(charges.charge(moved?.pixTxid as string)).toBeUndefined();

    // Each is paid at its own PSP and settled through that account's webhook.
    await charges.pay(before?.pixTxid as string);
    await efi.pay(moved?.pixTxid as string);
    expect(await stored(first.data.id as string)).toMatchObject({ status: "paid" });
    expect(await stored(second.data.id as string)).toMatchObject({ status: "paid" });
    expect(
      gateway.requests.filter((request) => request.path.startsWith(`/api/psp/webhook/${chargesAccount}`)).length,
    ).toBeGreaterThan(0);
    expect(
      gateway.requests.filter((request) => request.path.startsWith(`/api/psp/webhook/${efiAccount}`)).length,
    ).toBeGreaterThan(0);
  });

  it("never expires by its own clock a live charge its PSP still holds: the PSP's payment settles it", async () => {
    const merchant = await newMerchant("Relógio");
    const { data } = await readSigned(await postSigned(pix, merchant, pixDepositRequest({ amount: "9.00" })), merchant);
    const id = data.id as string;
    // Past the gateway's deadline, while the PSP's charge is still open.
    await getDb().transaction.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await expireDueDeposits(new Date());
    expect(await stored(id)).toMatchObject({ status: "pending" });
    await charges.pay((await stored(id))?.pixTxid as string);
    expect(await stored(id)).toMatchObject({ status: "paid" });
  });
});

describe("payouts sent through Efí's Pix send", () => {
  it("sends a payout to a CPF key once: completed on Efí's confirmed webhook, debited, one callback", async () => {
    const merchant = await newMerchant("Chave CPF");
    const transferId = await payout(merchant, pixPayoutRequest("5.00"));
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
    expect(efi.sends().at(-1)?.body).toMatchObject({
      valor: "5.00",
      pagador: { chave: efi.chave },
      favorecido: { chave: "52998224725" },
    });
    await until(
      () => stored(transferId),
      (row) => row?.status === "completed",
      "the completed payout",
    );
    expect(await ledgerKinds(transferId)).toEqual(["reserve", "debit"]);
    expect(await balance(merchant)).toMatchObject({ available: "95.00", reserved: "0.00" });
    const callbacks = await callbacksOf(transferId);
    expect(callbacks).toEqual([
      expect.objectContaining({ type: "gateway_out.completed", status: "completed", amount: "5.00" }),
    ]);
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
  });

  it("sends a payout to a bank account by its ISPB; Efí's rejection cancels it with its reason and releases the funds", async () => {
    const merchant = await newMerchant("Conta bancária");
    const transferId = await payout(merchant, {
      ...pixPayoutRequest("15.00"),
      paymentMethod: "bradesco",
      pix_key: undefined,
      branch: "1234",
      account: "12345-5",
      account_type: "C",
    });
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
    expect(efi.sends().at(-1)?.body).toMatchObject({
      valor: "15.00",
      favorecido: { contaBanco: { codigoBanco: "60746948", agencia: "1234", cpf: "52998224725" } },
    });
    const canceled = await until(
      () => stored(transferId),
      (row) => row?.status === "canceled",
      "the canceled payout",
    );
    expect(canceled).toMatchObject({ reasonCode: "psp_refused", reason: expect.any(String) });
    expect(await ledgerKinds(transferId)).toEqual(["reserve", "release"]);
    expect(await balance(merchant)).toMatchObject({ available: "100.00", reserved: "0.00" });
    const callbacks = await callbacksOf(transferId);
    expect(callbacks).toEqual([
      expect.objectContaining({ type: "gateway_out.canceled", reason_code: "psp_refused", reason: canceled?.reason }),
    ]);
  });

  it("a payout Efí refuses at once is canceled at once, with Efí's words", async () => {
    const merchant = await newMerchant("Recusa");
    const transferId = await payout(merchant, pixPayoutRequest("25.00"));
    expect(await stored(transferId)).toMatchObject({ status: "canceled", reasonCode: "psp_refused" });
    expect(await balance(merchant)).toMatchObject({ available: "100.00" });
    expect(await callbacksOf(transferId)).toHaveLength(1);
  });

  it("ten concurrent creates of one payout reach Efí once", async () => {
    const merchant = await newMerchant("Dez pedidos");
    const body = pixPayoutRequest("3.00");
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => readSigned(await postSigned(gatewayOut, merchant, body), merchant)),
    );
    const ids = new Set(answers.map((answer) => answer.data.transfer_id));
    expect(ids.size).toBe(1);
    const [transferId] = [...ids] as string[];
    await until(
      () => stored(transferId),
      (row) => row?.status === "completed",
      "the completed payout",
    );
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
    expect(await callbacksOf(transferId)).toHaveLength(1);
  });
});

describe("operator approval", () => {
  it("holds payouts above the merchant's amount; of ten concurrent approvals one sends it, once", async () => {
    const merchant = await newMerchant("Aprovação", { approval: "operator", above: "4.00" });
    const small = await payout(merchant, pixPayoutRequest("4.00"));
    await until(
      () => stored(small),
      (row) => row?.status === "completed",
      "the small payout",
    );

    const held = await payout(merchant, pixPayoutRequest("8.00"));
    expect(await stored(held)).toMatchObject({ status: "pending" });
    expect(efi.sendCount(idEnvioOf(held))).toBe(0);
    // Reconciliation leaves it waiting too.
    await reconcileLiveDeposits(later());
    expect(efi.sendCount(idEnvioOf(held))).toBe(0);

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => approvePayout(held, audit)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "state_conflict" });
    await until(
      () => stored(held),
      (row) => row?.status === "completed",
      "the approved payout",
    );
    expect(efi.sendCount(idEnvioOf(held))).toBe(1);
    expect(await getDb().auditEvent.count({ where: { action: "payout.approved", targetId: held } })).toBe(1);
    expect(await callbacksOf(held)).toHaveLength(1);
  });
});

describe("the operator's tool", () => {
  it("payout approve sends a held payout once and is audited; a second approval is refused", async () => {
    const merchant = await newMerchant("Aprovação pela linha de comando", { approval: "operator" });
    const held = await payout(merchant, pixPayoutRequest("2.00"));
    const approved = await runTool("cashier", ["payout", "approve", held]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ transfer_id: held });
    await until(
      () => stored(held),
      (row) => row?.status === "completed",
      "the approved payout",
    );
    const again = await runTool("cashier", ["payout", "approve", held]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/only a pending payout can be approved/);
    expect(efi.sendCount(idEnvioOf(held))).toBe(1);
    expect(await getDb().auditEvent.count({ where: { action: "payout.approved", targetId: held } })).toBe(1);
  });

  it("payout complete is refused for a payout its account sends: the PSP's answer decides it", async () => {
    const merchant = await newMerchant("Marcação recusada", { approval: "operator" });
    const held = await payout(merchant, pixPayoutRequest("2.50"));
    const marked = await runTool("cashier", ["payout", "complete", held]);
    expect(marked.code).not.toBe(0);
    expect(marked.stderr).toMatch(/sent by its PSP account, not by hand/);
    expect(await stored(held)).toMatchObject({ status: "pending" });
  });

  it("psp webhook register --account registers the account's own address, its secret masked", async () => {
    const registered = await runTool("cashier", ["psp", "webhook", "register", "--account", efiAccount]);
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).not.toContain("secret-of-efi");
    expect(JSON.parse(registered.stdout)).toMatchObject({
      chave: efi.chave,
      webhookUrl: expect.stringContaining(`${gateway.url}/api/psp/webhook/${efiAccount}`),
    });
    expect(efi.webhookUrl()).toContain(`/api/psp/webhook/${efiAccount}?hmac=secret-of-efi`);
    const recorded = await getDb().auditEvent.findMany({
      where: { action: "provider_account.webhook_registered", targetId: efiAccount },
      orderBy: { createdAt: "asc" },
    });
    // The registration when the test added the account, then the CLI's.
    expect(recorded.map((event) => event.actorRole)).toEqual(["cli", "cli"]);
    expect(recorded[1].detail).toEqual({ webhook_url: `${gateway.url}/api/psp/webhook/${efiAccount}` });
    expect(JSON.stringify(recorded)).not.toContain("secret-of-efi");
  });
});

describe("a process killed while sending", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  let child: ChildProcess | undefined;

  function startSender(transferId: string): ChildProcess {
    child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "test/support/send-payout-process.ts"), transferId],
      {
        cwd: root,
        env: process.env,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    return child;
  }

  afterAll(() => child?.kill("SIGKILL"));

  async function heldPayout(name: string, amount: string) {
    const merchant = await newMerchant(name, { approval: "operator" });
    return payout(merchant, pixPayoutRequest(amount));
  }

  it("killed after the claim, before Efí heard of it: the restart sends it once", async () => {
    const transferId = await heldPayout("Queda antes", "6.00");
    // The sender's token call hangs, so it dies claimed and with nothing sent.
    efi.revokeTokens();
    efi.failNext({ kind: "timeout", target: "token" });
    const sender = startSender(transferId);
    await until(
      () => stored(transferId),
      (row) => row?.status === "processing",
      "the claim",
    );
    sender.kill("SIGKILL");
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(0);

    await reconcileLiveDeposits(later());
    await until(
      () => stored(transferId),
      (row) => row?.status === "completed",
      "the resumed payout",
    );
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
    expect(await callbacksOf(transferId)).toHaveLength(1);
  });

  it("killed after Efí took the send, before its answer: the restart asks, and sends nothing more", async () => {
    const transferId = await heldPayout("Queda depois", "7.00");
    efi.setSendResults("later");
    efi.failNext({ kind: "timeout", target: "api", afterHandling: true });
    const sender = startSender(transferId);
    await until(
      async () => efi.sendCount(idEnvioOf(transferId)),
      (count) => count === 1,
      "the send at Efí",
    );
    sender.kill("SIGKILL");
    expect(await stored(transferId)).toMatchObject({ status: "processing" });

    await reconcileLiveDeposits(later());
    expect(await stored(transferId)).toMatchObject({ status: "processing" });
    await efi.completeSend(idEnvioOf(transferId), "REALIZADO");
    await until(
      () => stored(transferId),
      (row) => row?.status === "completed",
      "the completed payout",
    );
    efi.setSendResults("homologation");
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(1);
    expect(await callbacksOf(transferId)).toHaveLength(1);
  });
});

describe("what the operator's tools guard", () => {
  it("sends nothing through a disabled account: an approval is refused, the payout stays to be canceled", async () => {
    const spare = await addProviderAccount(simulatorAccountInput(efi, "efi", "Efí a desativar"), actor);
    const merchant = await newMerchant("Conta desativada", { approval: "operator" });
    await changeMerchantRouting(merchant.merchantId, { providerFor: [`payouts=${spare.id}`] }, actor);
    const held = await payout(merchant, pixPayoutRequest("3.50"));
    await disableProviderAccount(spare.id, actor);
    await expect(approvePayout(held, audit)).rejects.toMatchObject({ code: "provider_unavailable" });
    await reconcileLiveDeposits(later());
    expect(await stored(held)).toMatchObject({ status: "pending" });
    expect(efi.sendCount(idEnvioOf(held))).toBe(0);
    const canceled = await runTool("cashier", [
      "payout",
      "cancel",
      held,
      "--reason-code",
      "other",
      "--reason",
      "conta desativada",
    ]);
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(await balance(merchant)).toMatchObject({ available: "100.00", reserved: "0.00" });
  });

  it("lets an operator cancel a send the PSP never received, and never complete it, after the resume wait", async () => {
    const transferId = await (async () => {
      const merchant = await newMerchant("Envio perdido", { approval: "operator" });
      return payout(merchant, pixPayoutRequest("6.50"));
    })();
    // A sender that died after its claim, two minutes and more ago, whose call never reached Efí.
    await getDb().transaction.update({
      where: { id: transferId },
      data: { status: "processing", claimedOutcome: "transfer", updatedAt: new Date(Date.now() - 3 * 60_000) },
    });
    const completed = await runTool("cashier", ["payout", "complete", transferId, "--resume"]);
    expect(completed.code).not.toBe(0);
    expect(completed.stderr).toMatch(/it has no such send: it cannot be marked completed/);
    const canceled = await runTool("cashier", [
      "payout",
      "cancel",
      transferId,
      "--reason-code",
      "other",
      "--reason",
      "envio nunca chegou ao PSP",
      "--resume",
    ]);
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(await stored(transferId)).toMatchObject({ status: "canceled" });
    expect(efi.sendCount(idEnvioOf(transferId))).toBe(0);
  });

  it("tells the operator when the PSP says a payout went otherwise than it ended here", async () => {
    const merchant = await newMerchant("Contradição", { approval: "operator" });
    const transferId = await payout(merchant, pixPayoutRequest("5.50"));
    const canceled = await runTool("cashier", [
      "payout",
      "cancel",
      transferId,
      "--reason-code",
      "other",
      "--reason",
      "x",
    ]);
    expect(canceled.code, canceled.stderr).toBe(0);
    const payoutRow = await stored(transferId);
    if (payoutRow?.operation !== "gateway_out") throw new Error("not a payout");
    // What a PSP would answer had the money left after all.
    const outcome = await applyTransfer(payoutRow, {
      transferId,
      status: "completed",
      amountCents: 550n,
      endToEndId: "E09089356202611241200abcdefghijk",
      failureReason: null,
    });
    expect(outcome).toBe("unchanged");
    expect(await stored(transferId)).toMatchObject({ status: "canceled" });
    const alerts = await listOperatorAlerts(operatorActor);
    expect(alerts.alerts.find((alert) => alert.subject === transferId)).toMatchObject({
      kind: "transfer_mismatch",
      message: expect.stringContaining("is canceled here, but its PSP says the send is completed"),
    });
  });
});
