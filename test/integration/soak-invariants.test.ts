// The soak's end-of-run checks (test/support/soak-invariants) hold on what the gateway really
// writes for a paid deposit, a refund and a payout with their callbacks, and each breaks, by name,
// on the fault it exists to catch: a deposit credited twice, a negative balance, a callback left
// undelivered or delivered twice, a status other than the one the soak's step was answered.
import { beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: simulate } = await import("@/app/api/sandbox/simulate/route");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { enqueueCallback } = await import("@/lib/callbacks/enqueue-callback");
const { getDb } = await import("@/lib/db/client");
const { appendLedgerEntry } = await import("@/lib/db/ledger");
const { newId } = await import("@/lib/ids/new-id");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");
const { checkInvariants, openSoakDatabase } = await import("../support/soak-invariants");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
type Tracked = import("../support/soak-traffic").Tracked;
let merchant: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const tracked = new Map<string, Tracked>();
let depositId: string;

async function call(route: (request: Request) => Promise<Response>, data: Record<string, unknown>) {
  return (await readSigned(await postSigned(route, merchant, data), merchant)).data;
}

/** The names of the invariants broken now, given what the receiver saw (as `received` rewrites it). */
async function broken(received = receiver.received.map((callback) => ({ ...callback, status: 200 }))) {
  const db = await openSoakDatabase(process.env.DATABASE_URL as string);
  try {
    const invariants = await checkInvariants({ db, merchants: [merchant], received, tracked });
    return invariants.filter((invariant) => invariant.violations.length > 0).map((invariant) => invariant.name);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  receiver = await startReceiver({ fallback: { status: 200 } });
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
  const depositRequest = pixDepositRequest({ amount: "100.00" });
  depositId = String((await call(pix, depositRequest)).id);
  await call(simulate, { id: depositId, outcome: "paid" });
  tracked.set(depositId, {
    kind: "deposit",
    id: depositId,
    reference: depositRequest.reference,
    merchant,
    status: "paid",
  });
  await call(refund, { id: depositId, amount: "30.00" });
  const payoutRequest = pixPayoutRequest("20.00");
  const transferId = String((await call(gatewayOut, payoutRequest)).transfer_id);
  await call(simulate, { id: transferId, outcome: "completed" });
  tracked.set(transferId, {
    kind: "payout",
    id: transferId,
    reference: payoutRequest.reference,
    merchant,
    status: "completed",
  });
  await runCallbackWorker({ isOnce: true });
  return () => receiver.close();
});

describe("the soak's invariants", () => {
  it("hold on a paid deposit, its refund and a payout, with their callbacks delivered", async () => {
    expect(receiver.received).toHaveLength(3);
    expect(await broken()).toEqual([]);
  });

  it("break, each by name, on the faults they are there to catch", async () => {
    const [first, ...others] = receiver.received.map((callback) => ({ ...callback, status: 200 }));
    expect(await broken([first, first, ...others])).toEqual(["every callback delivered exactly once (receiver)"]);

    const payout = [...tracked.values()].find((entry) => entry.kind === "payout") as Tracked;
    tracked.set(payout.id, { ...payout, status: "canceled" });
    expect(await broken()).toEqual(["every status the soak settled is stored"]);
    tracked.set(payout.id, payout);

    const entry = { id: newId("led"), merchantId: merchant.merchantId, mode: "sandbox", reservedDeltaCents: 0n };
    await appendLedgerEntry(getDb(), {
      ...entry,
      kind: "credit",
      availableDeltaCents: 10000n,
      transactionId: depositId,
    });
    expect(await broken()).toEqual(["every paid deposit credited exactly once"]);
    await appendLedgerEntry(getDb(), { ...entry, id: newId("led"), kind: "debit", availableDeltaCents: -1_000_000n });
    expect(await broken()).toEqual([
      "every paid deposit credited exactly once",
      "no negative balance, nothing left reserved",
    ]);

    await getDb().$transaction((tx) =>
      enqueueCallback(tx, {
        merchantId: merchant.merchantId,
        objectId: depositId,
        requestId: null,
        mode: "sandbox",
        type: "deposit.paid",
        data: {},
      }),
    );
    expect(await broken()).toEqual([
      "every paid deposit credited exactly once",
      "no negative balance, nothing left reserved",
      "every state change has exactly one callback",
      "every callback delivered exactly once (outbox)",
      "every callback delivered exactly once (receiver)",
    ]);
  });
});
