// A deployment that delivers callbacks from separate workers (CALLBACK_WORKER=false) still
// reconciles with the PSP and expires deposits in its servers: RECONCILE_WORKER, on by default,
// is what controls those. The process's own jobs run here against the PSP simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Exchange, startPspSimulator } from "../psp-simulator/start-psp-simulator";

const simulator = await startPspSimulator({ webhooksEnabled: false });
// Before anything reads the configuration. A quick poll would deliver a callback at once if the
// callback worker ran.
Object.assign(process.env, simulator.env, {
  CALLBACK_WORKER: "false",
  CALLBACK_POLL_MS: "100",
  PIX_PSP_RECONCILE_SECONDS: "1",
  PIX_PSP_TIMEOUT_SECONDS: "1",
  // Unpaced here: what is asked at once is what these tests look at (pacing: reconcile-at-volume).
  PIX_PSP_RECONCILE_RATE: "1000",
});
// The simulator records what each request asked; this records when it arrived.
const askedAt = new Map<Exchange, number>();
const record = simulator.exchanges.push.bind(simulator.exchanges);
simulator.exchanges.push = (...exchanges: Exchange[]) => {
  for (const exchange of exchanges) askedAt.set(exchange, Date.now());
  return record(...exchanges);
};

const { POST: pix } = await import("@/app/api/pix/route");
const { getDb } = await import("@/lib/db/client");
const { acquireJobLease, releaseJobLease } = await import("@/lib/db/job-leases");
const { findTransaction } = await import("@/lib/db/transactions");
const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
const { startProcessJobs, stopProcessJobs } = await import("@/lib/jobs/start-server-jobs");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");

let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await stopProcessJobs();
  await receiver.close();
  await simulator.close();
});

async function createDeposit(merchant: Awaited<ReturnType<typeof createTestMerchant>>): Promise<string> {
  const { data } = await readSigned(await postSigned(pix, merchant, pixDepositRequest()), merchant);
  return data.id as string;
}

async function statusOf(id: string): Promise<string | undefined> {
  return (await findTransaction(getDb(), id))?.status;
}

describe("the server's jobs with CALLBACK_WORKER=false", () => {
  it("settle a live deposit the PSP was paid for, expire a deposit past its time, and deliver no callback", async () => {
    const live = await createTestMerchant({ name: "Loja Real", mode: "live", callbackUrl: receiver.url });
    const sandbox = await createTestMerchant({ name: "Loja Sandbox", callbackUrl: receiver.url });
    const paidAtPsp = await createDeposit(live);
    const txid = (await findTransaction(getDb(), paidAtPsp))?.pixTxid as string;
    await simulator.pay(txid);
    // Older than a charge call that may still be answered, which reconciliation leaves alone.
    await getDb().transaction.update({ where: { id: paidAtPsp }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const overdue = await createDeposit(sandbox);
    await getDb().transaction.update({ where: { id: overdue }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await statusOf(paidAtPsp)).toBe("pending");

    startProcessJobs();
    const deadline = Date.now() + 15_000;
    while ((await statusOf(paidAtPsp)) !== "paid" || (await statusOf(overdue)) !== "expired") {
      if (Date.now() > deadline) throw new Error(`still ${await statusOf(paidAtPsp)} and ${await statusOf(overdue)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(simulator.exchanges.some((e) => e.method === "GET" && e.path === `/cob/${txid}`)).toBe(true);

    // Their callbacks wait in the outbox for the separate workers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = await getDb().callbackEvent.findMany({ where: { objectId: { in: [paidAtPsp, overdue] } } });
    expect(events.map((event) => [event.type, event.status]).sort()).toEqual([
      ["deposit.expired", "pending"],
      ["deposit.paid", "pending"],
    ]);
    expect(receiver.received).toHaveLength(0);

    // Stopped, the process gives up the reconciliation lease at once for the next server.
    await stopProcessJobs();
    expect(await getDb().jobLease.findUnique({ where: { name: "reconciliation" } })).toBeNull();
  });
});

describe("the operator's psp reconcile beside a server that reconciles", () => {
  it("skips while another process holds the lease, runs anyway with --force, and runs under the lease when it is free", async () => {
    const live = await createTestMerchant({ name: "Loja Real", mode: "live" });
    const paidAtPsp = await createDeposit(live);
    await simulator.pay((await findTransaction(getDb(), paidAtPsp))?.pixTxid as string);
    await getDb().transaction.update({ where: { id: paidAtPsp }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const server = { name: "reconciliation", owner: "another-server:1:abcd" };
    expect(await acquireJobLease(getDb(), { ...server, ttlMs: 60_000, now: new Date() })).toBe(true);

    const skipped = await runTool("cashier", ["psp", "reconcile"]);
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout)).toEqual({ skipped: "another process is reconciling" });
    expect(await statusOf(paidAtPsp)).toBe("pending");

    const forced = await runTool("cashier", ["psp", "reconcile", "--force"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ paid: 1, errors: 0 });
    expect(await statusOf(paidAtPsp)).toBe("paid");
    expect(await getDb().jobLease.findUnique({ where: { name: "reconciliation" } })).toMatchObject({
      owner: server.owner,
    });

    await releaseJobLease(getDb(), server);
    const free = await runTool("cashier", ["psp", "reconcile"]);
    expect(free.code).toBe(0);
    expect(JSON.parse(free.stdout)).toMatchObject({ checked: expect.any(Number), errors: 0 });
    // Given back at once: the elected server's next interval takes it.
    expect(await getDb().jobLease.findUnique({ where: { name: "reconciliation" } })).toBeNull();
  });
});

describe("a reconciliation run against a PSP that does not answer", () => {
  it("asks about 8 deposits at once, stops asking at half an interval, and skips those that failed at their next turn only", async () => {
    const live = await createTestMerchant({ name: "Loja Lenta", mode: "live" });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createDeposit(live));
    await getDb().transaction.updateMany({
      where: { id: { in: ids } },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    const txids = new Set(
      (await getDb().transaction.findMany({ where: { id: { in: ids } } })).map((row) => row.pixTxid as string),
    );
    const askedAbout = () =>
      simulator.exchanges
        .filter((e) => e.method === "GET" && txids.has(e.path.replace("/cob/", "")))
        .map((e) => askedAt.get(e) as number);
    // The next run as it would come, past the time a charge call may still be answered in.
    const run = () => reconcileLiveDeposits(new Date(Date.now() + 20_000));

    // Each charge query times out after PIX_PSP_TIMEOUT_SECONDS (1 s), and so do the two listings
    // of each of the next two runs.
    simulator.failNext({ kind: "timeout", target: "api", times: 16 });
    const startedAt = Date.now();
    // Eight at once; by the time one of them gave up, the run's half interval (0.5 s) was over.
    expect(await run()).toMatchObject({ checked: 8, errors: 10 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const first = askedAbout().sort((a, b) => a - b);
    expect(first).toHaveLength(8);
    expect(first[7] - first[0]).toBeLessThan(500);
    // The next run goes on with the four left, and the end of the pending.
    expect(await run()).toMatchObject({ checked: 4, errors: 6 });
    // From the oldest again: each sits out one turn after its failure.
    expect(await run()).toMatchObject({ checked: 0, errors: 0 });
    expect(askedAbout()).toHaveLength(12);
    expect(await run()).toMatchObject({ checked: 12, errors: 0 });
    // Answered: back to every turn.
    expect(await run()).toMatchObject({ checked: 12, errors: 0 });
    expect(askedAbout()).toHaveLength(36);
  });
});
