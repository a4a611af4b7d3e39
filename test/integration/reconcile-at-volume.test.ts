// Reconciliation with more pending charges than a run may ask about (issue 40): each run asks a
// paced slice, oldest first, and the next goes on where it stopped; the Pix received are listed in
// every run whatever the number pending, from where the last listing ended. Against the PSP
// simulator, its webhook lost.
import { describe, expect, it } from "vitest";
import { startPspSimulator } from "../psp-simulator/start-psp-simulator";

const simulator = await startPspSimulator({ webhooksEnabled: false });
// Before anything reads the configuration: a run asks about 20 × 2 / 2 = 20 charges, 20 a second.
Object.assign(process.env, simulator.env, { PIX_PSP_RECONCILE_SECONDS: "2", PIX_PSP_RECONCILE_RATE: "20" });

const { POST: pix } = await import("@/app/api/pix/route");
const { getDb } = await import("@/lib/db/client");
const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { pixDepositRequest } = await import("../support/requests");

const HOUR_MS = 3600_000;

describe("reconciliation at volume", () => {
  it("asks 20 charges a run at 20 a second, oldest first, goes on where it stopped, and finds a paid one by the listing in the first run", async () => {
    const live = await createTestMerchant({ name: "Loja Volumosa", mode: "live" });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const { data } = await readSigned(await postSigned(pix, live, pixDepositRequest()), live);
      ids.push(data.id as string);
    }
    // Made two hours ago, one a second, so that their order is their age.
    const madeAt = Date.now() - 2 * HOUR_MS;
    for (const [i, id] of ids.entries())
      await getDb().transaction.update({ where: { id }, data: { createdAt: new Date(madeAt + i * 1000) } });
    const rows = await getDb().transaction.findMany({ where: { id: { in: ids } } });
    const txidOf = new Map(rows.map((row) => [row.id, row.pixTxid as string]));
    // The 45th is paid an hour ago, its webhook lost: older than the listing's usual ten minutes.
    await simulator.pay(txidOf.get(ids[44]) as string, { at: new Date(Date.now() - HOUR_MS) });

    const asked = () => simulator.exchanges.filter((e) => e.method === "GET" && e.path.startsWith("/cob/"));
    const listings = () => simulator.exchanges.filter((e) => e.method === "GET" && e.path === "/pix");
    const askedTxids = (from: number) =>
      asked()
        .slice(from)
        .map((e) => e.path.replace("/cob/", ""));
    const inOrder = (first: number, last: number) => ids.slice(first, last).map((id) => txidOf.get(id));

    const startedAt = performance.now();
    const first = await reconcileLiveDeposits();
    const tookMs = performance.now() - startedAt;
    expect(first).toMatchObject({ checked: 20, paid: 1 });
    // The first 20 by age, spaced at 20 a second: at least 19 gaps of 50 ms.
    expect(askedTxids(0).sort()).toEqual(inOrder(0, 20).sort());
    expect(tookMs).toBeGreaterThanOrEqual(19 * 50);
    expect((await getDb().transaction.findUnique({ where: { id: ids[44] } }))?.status).toBe("paid");
    // This process's first listing reached back to the oldest pending deposit.
    expect(Date.parse(listings()[0].query.inicio)).toBeLessThanOrEqual(madeAt);

    const second = await reconcileLiveDeposits();
    expect(second).toMatchObject({ checked: 20 });
    expect(askedTxids(20).sort()).toEqual(inOrder(20, 40).sort());
    // Listed again from where the first listing ended (less two minutes), not from two hours ago.
    const secondListing = listings().at(-2) as { query: Record<string, string> };
    expect(Date.parse(secondListing.query.inicio)).toBeGreaterThan(madeAt + HOUR_MS);

    // The rest, less the paid one: 9, the end of the pending; then the oldest again.
    expect(await reconcileLiveDeposits()).toMatchObject({ checked: 9 });
    expect(askedTxids(40).sort()).toEqual([...inOrder(40, 44), ...inOrder(45, 50)].sort());
    expect(await reconcileLiveDeposits()).toMatchObject({ checked: 20 });
    expect(askedTxids(49).sort()).toEqual(inOrder(0, 20).sort());
  });
});
