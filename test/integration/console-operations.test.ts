// The console's operations areas against a real database: the payouts queue (the CLI's
// single-flight marking, the merchant's callback), keys (created, revoked, last used, a request
// signed with a revoked key refused by the real route handler), merchants, balance and overview.
// Every operation is tried with another merchant's ids (404) and by a viewer (403).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A refused callback waits 10 minutes before its next attempt: "being retried" stays so during a test.
process.env.CALLBACK_RETRY_SCHEDULE = "600";

vi.mock(import("@/lib/config/config"), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, getConfig: vi.fn(original.getConfig) };
});

const { getConfig } = await import("@/lib/config/config");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: status } = await import("@/app/api/status/route");
const { POST: pix } = await import("@/app/api/pix/route");
const { POST: testCallback } = await import("@/app/api/callbacks/test/route");
const { getDb } = await import("@/lib/db/client");
const { changeStatus } = await import("@/lib/db/change-status");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { listPayoutQueue } = await import("@/lib/payouts/list-payout-queue");
const { markQueuedPayout } = await import("@/lib/payouts/mark-queued-payout");
const { listMerchantKeys } = await import("@/lib/merchants/list-merchant-keys");
const { createMerchantKey } = await import("@/lib/merchants/create-merchant-key");
const { revokeMerchantKey } = await import("@/lib/merchants/revoke-merchant-key");
const { recordKeyUse } = await import("@/lib/merchants/record-key-use");
const { listConsoleMerchants } = await import("@/lib/merchants/list-console-merchants");
const { findConsoleMerchant } = await import("@/lib/merchants/find-console-merchant");
const { createConsoleMerchant } = await import("@/lib/merchants/create-console-merchant");
const { changeMerchantSettings } = await import("@/lib/merchants/change-merchant-settings");
const { findMerchantSettings } = await import("@/lib/merchants/find-merchant-settings");
const { switchMerchantMode } = await import("@/lib/merchants/switch-merchant-mode");
const { listLedger } = await import("@/lib/funds/list-ledger");
const { exportLedger } = await import("@/lib/funds/export-ledger");
const { listMerchantBalances } = await import("@/lib/funds/list-merchant-balances");
const { summarizeDailyActivity } = await import("@/lib/console-transactions/summarize-daily-activity");
const { summarizeCallbackHealth } = await import("@/lib/callbacks/summarize-callback-health");
const { createTestMerchant, postSigned, readProblem, readSigned } = await import("../support/api");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { startReceiver } = await import("../support/callback-receiver");
const { newId } = await import("@/lib/ids/new-id");
const { openGatewayIn } = await import("@/lib/deposits/open-gateway-in");
const { signRequestToken } = await import("@/lib/envelope/sign-request-token");
type Actor = import("@/lib/access/actor").Actor;

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

/**
 * The signed-in user the console hands every operation: built here, as a session would give it
 * (the audit copies who acted, so no user row is needed).
 */
function createConsoleActor(options: { role: Actor["role"]; merchantId?: string }): Actor {
  const userId = newId("usr");
  return {
    userId,
    email: `${userId}@example.com`,
    role: options.role,
    merchantId: options.merchantId ?? null,
    sessionId: newId("ses"),
    ip: "203.0.113.7",
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let shopA: Merchant;
let shopB: Merchant;
let operator: Actor;
let adminA: Actor;
let viewerA: Actor;

async function createPayout(merchant: Merchant, amount = "10.50"): Promise<string> {
  const response = await postSigned(gatewayOut, merchant, pixPayoutRequest(amount));
  const { data } = await readSigned(response, merchant);
  expect(response.status).toBe(201);
  return data.transfer_id as string;
}

const auditEvents = (action: string, targetId: string) => getDb().auditEvent.findMany({ where: { action, targetId } });

async function deliverCallbacks() {
  await runCallbackWorker({ signal: AbortSignal.timeout(10_000), isOnce: true });
}

const refusal = (code: "not_found" | "forbidden") => expect.objectContaining({ code });

beforeAll(async () => {
  receiver = await startReceiver();
  shopA = await createTestMerchant({ name: "Loja A", callbackUrl: receiver.url });
  shopB = await createTestMerchant({ name: "Loja B", callbackUrl: receiver.url });
  await fundSandboxMerchant(shopA.merchantId, "1000,00");
  await fundSandboxMerchant(shopB.merchantId, "1000,00");
  operator = createConsoleActor({ role: "operator" });
  adminA = createConsoleActor({ role: "merchant-admin", merchantId: shopA.merchantId });
  viewerA = createConsoleActor({ role: "merchant-viewer", merchantId: shopA.merchantId });
});

afterAll(() => receiver.close());

describe("payouts queue", () => {
  it("lists pending payouts of every merchant, oldest first, and processing ones with since when and for what", async () => {
    const first = await createPayout(shopA);
    const second = await createPayout(shopB);
    const stuck = await createPayout(shopB);
    const claimedAt = new Date(Date.now() - 5 * 60_000);
    await changeStatus(getDb(), "payout", {
      id: stuck,
      from: "pending",
      to: "processing",
      actor: "operator",
      at: claimedAt,
      claimedOutcome: "completed",
    });
    await getDb().transaction.update({ where: { id: stuck }, data: { updatedAt: claimedAt } });

    const { payouts, total } = await listPayoutQueue(operator);
    const ids = payouts.map((payout) => payout.transferId);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(total).toBe(payouts.length);
    expect(payouts.find((payout) => payout.transferId === second)).toMatchObject({
      merchantName: "Loja B",
      status: "pending",
      amountCents: 1050n,
      destination: { pixKey: "***.982.247-**", bankCode: null, branch: null, account: null, accountType: null },
      processing: null,
    });
    expect(payouts.find((payout) => payout.transferId === stuck)?.processing).toEqual({
      since: claimedAt,
      forMs: expect.any(Number),
      outcome: "completed",
      isResumable: true,
    });
    expect(
      (await listPayoutQueue(operator, { merchantId: shopA.merchantId })).payouts.every(
        (payout) => payout.merchantId === shopA.merchantId,
      ),
    ).toBe(true);

    // The stuck marking is finished from the console with the outcome it was claimed for.
    await expect(
      markQueuedPayout(operator, {
        transferId: stuck,
        outcome: "canceled",
        reasonCode: "other",
        reason: "x",
        isResume: true,
      }),
    ).rejects.toThrow(/was being marked completed/);
    await expect(
      markQueuedPayout(operator, { transferId: stuck, outcome: "completed", isResume: true }),
    ).resolves.toMatchObject({ status: "completed" });
    expect(await auditEvents("payout.completed", stuck)).toEqual([
      expect.objectContaining({ merchantId: shopB.merchantId, detail: expect.objectContaining({ resumed: true }) }),
    ]);
  });

  it("completes a payout through the CLI's marking: state, funds, audit, and the merchant's signed callback", async () => {
    const transferId = await createPayout(shopA, "25.00");
    const result = await markQueuedPayout(operator, { transferId, outcome: "completed" });
    expect(result).toMatchObject({ transfer_id: transferId, status: "completed" });

    const stored = await getDb().transaction.findUniqueOrThrow({ where: { id: transferId } });
    expect(stored.status).toBe("completed");
    expect(
      await getDb().ledgerEntry.findMany({ where: { transactionId: transferId }, select: { kind: true } }),
    ).toEqual(expect.arrayContaining([{ kind: "reserve" }, { kind: "debit" }]));
    const [audit] = await auditEvents("payout.completed", transferId);
    expect(audit).toMatchObject({ merchantId: shopA.merchantId, targetType: "payout", ip: operator.ip });

    await deliverCallbacks();
    const callback = receiver.received.find((received) => received.data.transfer_id === transferId);
    expect(callback?.data).toMatchObject({ type: "gateway_out.completed", status: "completed", amount: "25.00" });
  });

  it("a double submit marks once: one wins, the other is refused, one audit event and one callback", async () => {
    const transferId = await createPayout(shopA);
    const results = await Promise.allSettled([
      markQueuedPayout(operator, { transferId, outcome: "completed" }),
      markQueuedPayout(operator, { transferId, outcome: "completed" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === "rejected");
    expect(rejected.reason).toMatchObject({ code: "state_conflict" });
    expect(await auditEvents("payout.completed", transferId)).toHaveLength(1);
    await deliverCallbacks();
    expect(receiver.received.filter((received) => received.data.transfer_id === transferId)).toHaveLength(1);
  });

  it("cancels with a reason code and reason: the money comes back and the callback carries both", async () => {
    const transferId = await createPayout(shopB, "30.00");
    const before = await listLedger(operator, shopB.merchantId, {});
    await markQueuedPayout(operator, {
      transferId,
      outcome: "canceled",
      reasonCode: "holder_mismatch",
      reason: "Titular diferente do CPF",
    });
    const after = await listLedger(operator, shopB.merchantId, {});
    expect(after.balance.availableCents - before.balance.availableCents).toBe(3000n);
    expect(after.balance.reservedCents - before.balance.reservedCents).toBe(-3000n);
    expect(await auditEvents("payout.canceled", transferId)).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ reason_code: "holder_mismatch" }) }),
    ]);
    await deliverCallbacks();
    expect(receiver.received.find((received) => received.data.transfer_id === transferId)?.data).toMatchObject({
      type: "gateway_out.canceled",
      reason_code: "holder_mismatch",
      reason: "Titular diferente do CPF",
    });
  });

  it("refuses a cancellation without a valid reason, naming the field", async () => {
    const transferId = await createPayout(shopA);
    await expect(
      markQueuedPayout(operator, { transferId, outcome: "canceled", reasonCode: "no spaces", reason: "x" }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["reasonCode"] })],
    });
    await expect(
      markQueuedPayout(operator, { transferId, outcome: "canceled", reasonCode: "other", reason: " " }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["reason"] })],
    });
    expect((await getDb().transaction.findUniqueOrThrow({ where: { id: transferId } })).status).toBe("pending");
  });

  it("is the operators' alone: merchant users are refused the queue and every marking (403), the payout untouched", async () => {
    const own = await createPayout(shopA);
    const other = await createPayout(shopB);
    for (const actor of [adminA, viewerA]) {
      await expect(listPayoutQueue(actor)).rejects.toEqual(refusal("forbidden"));
      for (const transferId of [own, other]) {
        await expect(markQueuedPayout(actor, { transferId, outcome: "completed" })).rejects.toEqual(
          refusal("forbidden"),
        );
      }
    }
    expect(
      (await getDb().transaction.findMany({ where: { id: { in: [own, other] } } })).map((payout) => payout.status),
    ).toEqual(["pending", "pending"]);
    await expect(markQueuedPayout(operator, { transferId: "po_doesnotexist", outcome: "completed" })).rejects.toEqual(
      refusal("not_found"),
    );
  });
});

describe("keys", () => {
  it("a merchant admin creates a key whose secret signs at once; revoked, a request signed with it is refused by the route at once", async () => {
    // The shop has a key: another one is made only once confirmed, and nothing before.
    const keysBefore = await getDb().apiKey.count();
    expect(await createMerchantKey(adminA, shopA.merchantId, { isAnotherKeyConfirmed: false })).toEqual({
      status: "confirm",
      activeKeys: 1,
    });
    expect(await getDb().apiKey.count()).toBe(keysBefore);
    const created = await createMerchantKey(adminA, shopA.merchantId, { isAnotherKeyConfirmed: true });
    if (created.status !== "created") throw new Error("no key made once confirmed");
    const issued = created.key;
    expect(issued.keyId).toMatch(/^mk_test_/);
    expect(issued.secret).toHaveLength(43);
    const key = { merchantId: shopA.merchantId, keyId: issued.keyId, secret: issued.secret };
    const accepted = await postSigned(pix, key, pixDepositRequest());
    expect(accepted.status).toBe(201);
    await readSigned(accepted, key);
    expect(await auditEvents("api_key.created", issued.keyId)).toEqual([
      expect.objectContaining({ merchantId: shopA.merchantId, actorUserId: adminA.userId }),
    ]);

    const listed = await listMerchantKeys(adminA, shopA.merchantId);
    expect(listed.keys.find((k) => k.keyId === issued.keyId)).toMatchObject({ revokedAt: null });

    const revoked = await revokeMerchantKey(adminA, issued.keyId);
    const refused = await postSigned(pix, key, pixDepositRequest());
    expect(refused.status).toBe(401);
    expect(await readProblem(refused)).toMatchObject({ code: "key_revoked" });
    expect(
      (await listMerchantKeys(adminA, shopA.merchantId)).keys.find((k) => k.keyId === issued.keyId)?.revokedAt,
    ).toEqual(revoked.revokedAt);
    expect(await auditEvents("api_key.revoked", issued.keyId)).toHaveLength(1);

    // Revoking again changes nothing and records nothing.
    expect((await revokeMerchantKey(adminA, issued.keyId)).revokedAt).toEqual(revoked.revokedAt);
    expect(await auditEvents("api_key.revoked", issued.keyId)).toHaveLength(1);
  });

  it("records last use when a token verifies, at most once a minute, never for a failed one", async () => {
    const created = await createMerchantKey(operator, shopB.merchantId, { isAnotherKeyConfirmed: true });
    if (created.status !== "created") throw new Error("no key made once confirmed");
    const issued = created.key;
    const key = { merchantId: shopB.merchantId, keyId: issued.keyId, secret: issued.secret };
    const lastUsed = async () => (await getDb().apiKey.findUniqueOrThrow({ where: { id: issued.keyId } })).lastUsedAt;

    const forged = await postSigned(status, { ...key, secret: "x".repeat(43) }, { id: "dep_unknown" });
    expect(forged.status).toBe(401);
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    await readSigned(await postSigned(status, key, { id: "dep_unknown" }), key);
    await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
    const first = (await lastUsed())!;
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await readSigned(await postSigned(status, key, { id: "dep_unknown" }), key);
    // Within the minute, this process writes nothing; the stored condition holds for the others.
    expect(recordKeyUse(issued.keyId)).toBeNull();
    expect(await lastUsed()).toEqual(first);
    await recordKeyUse(issued.keyId, new Date(first.getTime() + 61_000));
    expect((await lastUsed())?.getTime()).toBe(first.getTime() + 61_000);
    expect(
      (await listMerchantKeys(operator, shopB.merchantId)).keys
        .find((k) => k.keyId === issued.keyId)
        ?.lastUsedAt?.getTime(),
    ).toBe(first.getTime() + 61_000);
  });

  it("a viewer sees the keys but is refused creating and revoking (403), nothing written", async () => {
    const listed = await listMerchantKeys(viewerA, shopA.merchantId);
    expect(listed.keys.map((k) => k.keyId)).toContain(shopA.keyId);
    const keysBefore = await getDb().apiKey.count();
    await expect(createMerchantKey(viewerA, shopA.merchantId, { isAnotherKeyConfirmed: true })).rejects.toEqual(
      refusal("forbidden"),
    );
    await expect(revokeMerchantKey(viewerA, shopA.keyId)).rejects.toEqual(refusal("forbidden"));
    expect(await getDb().apiKey.count()).toBe(keysBefore);
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: shopA.keyId } })).revokedAt).toBeNull();
  });
});

describe("merchants", () => {
  it("an operator creates a merchant with its first key, sets its callback URL and origins, all audited", async () => {
    const created = await createConsoleMerchant(operator, {
      name: "Loja Nova",
      mode: "sandbox",
      callbackUrl: receiver.url,
      redirectOrigins: ["https://nova.example"],
    });
    expect(created.merchantId).toMatch(/^mer_/);
    expect(await auditEvents("merchant.created", created.merchantId)).toHaveLength(1);
    expect(await auditEvents("api_key.created", created.keyId)).toHaveLength(1);

    const changed = await changeMerchantSettings(operator, created.merchantId, {
      callbackUrl: null,
      redirectOrigins: ["https://nova.example", "http://localhost:3000"],
    });
    expect(changed).toMatchObject({
      callbackUrl: null,
      redirectOrigins: ["https://nova.example", "http://localhost:3000"],
    });
    const [audit] = await auditEvents("merchant.updated", created.merchantId);
    expect(audit.detail).toMatchObject({ callback_url: { from: receiver.url, to: null } });
    expect((await listConsoleMerchants(operator)).map((merchant) => merchant.merchantId)).toContain(created.merchantId);
    expect(await findConsoleMerchant(operator, created.merchantId)).toMatchObject({
      name: "Loja Nova",
      callbackUrl: null,
    });

    await expect(
      changeMerchantSettings(operator, created.merchantId, { redirectOrigins: ["https://nova.example/path"] }),
    ).rejects.toMatchObject({ name: "ZodError" });
    await expect(
      createConsoleMerchant(operator, { name: " ", mode: "sandbox", redirectOrigins: [] }),
    ).rejects.toMatchObject({ name: "ZodError" });
  });

  it("a merchant admin sets their own callback URL and origins, validated and audited as an operator's; a viewer only reads them", async () => {
    const shop = await createTestMerchant({ name: "Loja Autônoma" });
    const admin = createConsoleActor({ role: "merchant-admin", merchantId: shop.merchantId });
    const viewer = createConsoleActor({ role: "merchant-viewer", merchantId: shop.merchantId });
    const none = { merchantId: shop.merchantId, name: "Loja Autônoma", callbackUrl: null, redirectOrigins: [] };
    expect(await findMerchantSettings(admin)).toEqual({ ...none, mode: "sandbox" });
    expect(await findMerchantSettings(viewer)).toEqual({ ...none, mode: "sandbox" });
    await expect(findMerchantSettings(operator)).rejects.toEqual(refusal("forbidden"));

    // Refused as an operator's change is: nothing written.
    await expect(
      changeMerchantSettings(admin, shop.merchantId, { callbackUrl: "ftp://loja.example/callback" }),
    ).rejects.toMatchObject({ name: "ZodError", issues: [expect.objectContaining({ path: ["callbackUrl"] })] });
    await expect(
      changeMerchantSettings(admin, shop.merchantId, { redirectOrigins: ["https://loja.example/retorno"] }),
    ).rejects.toMatchObject({ name: "ZodError", issues: [expect.objectContaining({ path: ["redirectOrigins", 0] })] });
    await expect(changeMerchantSettings(viewer, shop.merchantId, { callbackUrl: receiver.url })).rejects.toEqual(
      refusal("forbidden"),
    );
    expect(await findMerchantSettings(admin)).toMatchObject({ callbackUrl: null, redirectOrigins: [] });
    expect(await auditEvents("merchant.updated", shop.merchantId)).toHaveLength(0);

    await changeMerchantSettings(admin, shop.merchantId, {
      callbackUrl: receiver.url,
      redirectOrigins: ["https://loja.example:8443/"],
    });
    expect(await findMerchantSettings(viewer)).toMatchObject({
      callbackUrl: receiver.url,
      redirectOrigins: ["https://loja.example:8443"],
    });
    const [audit] = await auditEvents("merchant.updated", shop.merchantId);
    expect(audit).toMatchObject({ actorUserId: admin.userId, merchantId: shop.merchantId });
    expect(audit.detail).toMatchObject({
      callback_url: { from: null, to: receiver.url },
      redirect_origins: { from: [], to: ["https://loja.example:8443"] },
    });

    // The merchant's own test callback goes where its admin said, signed with its key.
    const { data } = await readSigned(await postSigned(testCallback, shop, {}), shop);
    expect(data).toMatchObject({ url: receiver.url, delivered: true });
    expect(receiver.received.some((received) => received.data.event_id === data.event_id)).toBe(true);
  });

  it("switching to live revokes the sandbox keys and issues a live one, shown once; the old key is refused at once", async () => {
    const merchant = await createConsoleMerchant(operator, {
      name: "Loja Vai ao Ar",
      mode: "sandbox",
      redirectOrigins: [],
    });
    const oldKey = { merchantId: merchant.merchantId, keyId: merchant.keyId, secret: merchant.secret };
    const switched = await switchMerchantMode(operator, merchant.merchantId, "live");
    expect(switched.keyId).toMatch(/^mk_live_/);
    expect(switched.revokedKeyIds).toEqual([merchant.keyId]);
    expect((await findConsoleMerchant(operator, merchant.merchantId)).mode).toBe("live");
    expect(await readProblem(await postSigned(status, oldKey, { id: "dep_unknown" }))).toMatchObject({
      code: "key_revoked",
    });
    const newKey = { merchantId: merchant.merchantId, keyId: switched.keyId, secret: switched.secret };
    expect((await postSigned(status, newKey, { id: "dep_unknown" })).status).toBe(404);
    expect((await auditEvents("merchant.mode_switched", merchant.merchantId))[0].detail).toMatchObject({
      from: "sandbox",
      to: "live",
      new_key: switched.keyId,
    });
    await expect(switchMerchantMode(operator, merchant.merchantId, "live")).rejects.toMatchObject({
      code: "state_conflict",
    });
  });

  it("going live is refused where a production start would refuse it: production with no PSP", async () => {
    const real = getConfig();
    vi.mocked(getConfig).mockReturnValue({ ...real, isProduction: true, providerEnvironment: {} });
    try {
      await expect(switchMerchantMode(operator, shopB.merchantId, "live")).rejects.toMatchObject({
        code: "provider_unavailable",
      });
      await expect(
        createConsoleMerchant(operator, { name: "Loja Real", mode: "live", redirectOrigins: [] }),
      ).rejects.toMatchObject({ code: "provider_unavailable" });
    } finally {
      vi.mocked(getConfig).mockImplementation(() => real);
    }
    expect((await findConsoleMerchant(operator, shopB.merchantId)).mode).toBe("sandbox");
  });
});

describe("balance and overview", () => {
  it("the ledger pages newest first with the balance after each entry, and exports it oldest first as CSV", async () => {
    const merchant = await createTestMerchant({ name: "Loja Extrato" });
    for (let i = 1; i <= 55; i++) await fundSandboxMerchant(merchant.merchantId, `${i},00`);
    const first = await listLedger(operator, merchant.merchantId, {});
    expect(first.balance).toEqual({ availableCents: 154000n, reservedCents: 0n });
    expect(first.lines).toHaveLength(50);
    expect(first.lines[0]).toMatchObject({ kind: "credit", availableDeltaCents: 5500n, availableAfterCents: 154000n });
    expect(first.lines[1]).toMatchObject({ availableDeltaCents: 5400n, availableAfterCents: 148500n });
    expect(first.newerFrom).toBeNull();
    const second = await listLedger(operator, merchant.merchantId, { after: first.olderFrom! });
    expect(second.lines.map((line) => line.availableAfterCents)).toEqual([1500n, 1000n, 600n, 300n, 100n]);
    expect(second.olderFrom).toBeNull();
    expect((await listLedger(operator, merchant.merchantId, { before: second.newerFrom! })).lines[0].id).toBe(
      first.lines[0].id,
    );

    const { filename, rows } = await exportLedger(operator, merchant.merchantId);
    expect(filename).toBe(`ledger-${merchant.merchantId}-sandbox.csv`);
    let csv = "";
    for await (const chunk of rows) csv += chunk;
    expect(csv.startsWith("\ufeff")).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "created_at,entry_id,kind,available_change,reserved_change,available_after,reserved_after,transaction_id,memo",
    );
    expect(lines).toHaveLength(56);
    expect(lines[1]).toMatch(/,credit,1\.00,0\.00,1\.00,0\.00,,sandbox funding by an operator$/);
    expect(lines[55]).toMatch(/,credit,55\.00,0\.00,1540\.00,0\.00,/);
    expect(await auditEvents("ledger.exported", merchant.merchantId)).toHaveLength(1);
    expect(
      (await listMerchantBalances(operator)).find((row) => row.merchantId === merchant.merchantId)?.balances,
    ).toEqual([{ merchantId: merchant.merchantId, mode: "sandbox", availableCents: 154000n, reservedCents: 0n }]);
  });

  it("counts deposits paid, payouts completed and conversion per day, in one mode, scoped to the merchant", async () => {
    const merchant = await createTestMerchant({ name: "Loja Painel" });
    await fundSandboxMerchant(merchant.merchantId, "100,00");
    const deposits = [];
    for (let i = 0; i < 4; i++) {
      const response = await postSigned(pix, merchant, pixDepositRequest({ amount: "20.00" }));
      deposits.push((await readSigned(response, merchant)).data.id as string);
    }
    for (const id of deposits.slice(0, 3)) await paySandboxDeposit(id);
    // A Gateway In link opened and left before its customer typed an amount: no deposit to convert.
    const draft = { ...pixDepositRequest(), amount: undefined, buyer_ip: undefined };
    const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: draft });
    await openGatewayIn({ keyId: merchant.keyId, token });
    const payout = await createPayout(merchant, "7.00");
    await markQueuedPayout(operator, { transferId: payout, outcome: "completed" });

    const admin = createConsoleActor({ role: "merchant-viewer", merchantId: merchant.merchantId });
    const summary = await summarizeDailyActivity(admin, {});
    expect(summary).toMatchObject({ merchantId: merchant.merchantId, mode: "sandbox" });
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toEqual({
      day: summary.days.at(-1)!.day,
      depositsPaid: 3,
      depositsPaidCents: 6000n,
      payoutsCompleted: 1,
      payoutsCompletedCents: 700n,
      depositsCreated: 4,
      depositsCreatedPaid: 3,
    });
    expect(summary.days.slice(0, -1).every((day) => day.depositsCreated === 0)).toBe(true);
    expect((await summarizeDailyActivity(admin, { mode: "live" })).days.every((day) => day.depositsPaid === 0)).toBe(
      true,
    );
    // An operator's view over all merchants includes this one's.
    expect(
      (await summarizeDailyActivity(operator, { mode: "sandbox" })).days.at(-1)!.depositsPaid,
    ).toBeGreaterThanOrEqual(3);
  });

  it("shows callback delivery health: what waits, what is retried, failing endpoints and their last answer", async () => {
    const failing = await startReceiver({ fallback: { status: 500, body: "boom" } });
    try {
      const merchant = await createTestMerchant({ name: "Loja Fora do Ar", callbackUrl: failing.url });
      await fundSandboxMerchant(merchant.merchantId, "100,00");
      await markQueuedPayout(operator, { transferId: await createPayout(merchant), outcome: "completed" });
      await deliverCallbacks();
      // A second callback refused with no retries left in the schedule: given up on.
      const real = getConfig();
      vi.mocked(getConfig).mockReturnValue({ ...real, callbacks: { ...real.callbacks, retrySchedule: [] } });
      try {
        await markQueuedPayout(operator, { transferId: await createPayout(merchant), outcome: "completed" });
        await deliverCallbacks();
      } finally {
        vi.mocked(getConfig).mockImplementation(() => real);
      }
      const admin = createConsoleActor({ role: "merchant-admin", merchantId: merchant.merchantId });
      const health = await summarizeCallbackHealth(admin, {});
      expect(health).toMatchObject({ pending: 1, retrying: 1, failed: 1 });
      expect(health.failingEndpoints).toEqual([
        expect.objectContaining({
          merchantId: merchant.merchantId,
          callbackUrl: failing.url,
          lastFailure: expect.objectContaining({ httpStatus: 500, responseExcerpt: "boom" }),
        }),
      ]);
      expect((await summarizeCallbackHealth(operator, {})).failingEndpoints.map((row) => row.merchantId)).toContain(
        merchant.merchantId,
      );
      expect((await summarizeCallbackHealth(adminA, {})).failingEndpoints.map((row) => row.merchantId)).not.toContain(
        merchant.merchantId,
      );
    } finally {
      await failing.close();
    }
  });
});

describe("another merchant's ids", () => {
  it("are answered as ones that do not exist (404) by every operation of a merchant admin and viewer", async () => {
    const otherPayout = await createPayout(shopB);
    for (const actor of [adminA, viewerA]) {
      const attempts: [string, () => Promise<unknown>][] = [
        ["keys list", () => listMerchantKeys(actor, shopB.merchantId)],
        ["ledger", () => listLedger(actor, shopB.merchantId, {})],
        ["ledger export", () => exportLedger(actor, shopB.merchantId)],
        ["overview", () => summarizeDailyActivity(actor, { merchant: shopB.merchantId })],
        ["callback health", () => summarizeCallbackHealth(actor, { merchant: shopB.merchantId })],
        ["ledger of a malformed id", () => listLedger(actor, "mer_\u0000", {})],
      ];
      if (actor.role === "merchant-admin") {
        attempts.push(
          ["key create", () => createMerchantKey(actor, shopB.merchantId, { isAnotherKeyConfirmed: true })],
          ["key revoke", () => revokeMerchantKey(actor, shopB.keyId)],
          ["merchant settings", () => changeMerchantSettings(actor, shopB.merchantId, { callbackUrl: null })],
        );
      }
      for (const [name, attempt] of attempts) {
        await expect(attempt(), `${actor.role}: ${name}`).rejects.toEqual(refusal("not_found"));
      }
    }
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: shopB.keyId } })).revokedAt).toBeNull();
    expect((await getDb().transaction.findUniqueOrThrow({ where: { id: otherPayout } })).status).toBe("pending");
    expect(
      await getDb().auditEvent.count({
        where: { merchantId: shopB.merchantId, actorUserId: { in: [adminA.userId, viewerA.userId] } },
      }),
    ).toBe(0);
  });

  it("are refused to merchant users for every operation their role may not take (403), whatever the id", async () => {
    for (const actor of [adminA, viewerA]) {
      const attempts: [string, () => Promise<unknown>][] = [
        ["merchants list", () => listConsoleMerchants(actor)],
        ["merchant of their own", () => findConsoleMerchant(actor, shopA.merchantId)],
        ["merchant of another", () => findConsoleMerchant(actor, shopB.merchantId)],
        ["merchant create", () => createConsoleMerchant(actor, { name: "X", mode: "sandbox", redirectOrigins: [] })],
        ["merchant mode", () => switchMerchantMode(actor, shopB.merchantId, "live")],
        ["balances of all", () => listMerchantBalances(actor)],
      ];
      // Their own merchant's settings are the admin's to change (above), never the viewer's.
      if (actor.role === "merchant-viewer")
        attempts.push([
          "merchant settings",
          () => changeMerchantSettings(actor, shopA.merchantId, { callbackUrl: null }),
        ]);
      for (const [name, attempt] of attempts) {
        await expect(attempt(), `${actor.role}: ${name}`).rejects.toEqual(refusal("forbidden"));
      }
    }
    expect((await findConsoleMerchant(operator, shopA.merchantId)).callbackUrl).toBe(receiver.url);
  });

  it("an operator gets 404 for ids that do not exist", async () => {
    for (const attempt of [
      () => listMerchantKeys(operator, "mer_nothing"),
      () => createMerchantKey(operator, "mer_nothing", { isAnotherKeyConfirmed: true }),
      () => revokeMerchantKey(operator, "mk_test_nothing000"),
      () => listLedger(operator, "mer_nothing", {}),
      () => findConsoleMerchant(operator, "mer_nothing"),
      () => changeMerchantSettings(operator, "mer_nothing", { callbackUrl: null }),
      () => switchMerchantMode(operator, "mer_nothing", "live"),
    ]) {
      await expect(attempt()).rejects.toEqual(refusal("not_found"));
    }
  });
});
