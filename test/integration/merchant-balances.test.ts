// Issue 40: a balance that is read, not summed. Every ledger entry moves its merchant's balance
// row in the same transaction and takes the next sequence number; the row is what a payout or a
// refund checks, and `funds verify` recomputes every row from its ledger and raises an alert on a
// difference. An entry the previous release wrote without a sequence (a rolling deploy) still
// counts in what a balance read says.
import { describe, expect, it } from "vitest";

const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { getDb } = await import("@/lib/db/client");
const { readMerchantBalance } = await import("@/lib/db/ledger");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { verifyFunds } = await import("@/lib/funds/verify-funds");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { pixPayoutRequest } = await import("../support/requests");
const { runTool } = await import("../support/run-tool");

const ledgerOf = (merchantId: string) =>
  getDb().ledgerEntry.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { sequence: true, availableDeltaCents: true, reservedDeltaCents: true },
  });

const rowOf = (merchantId: string) =>
  getDb().merchantBalance.findUnique({ where: { merchantId_mode: { merchantId, mode: "sandbox" } } });

describe("merchant balance rows", () => {
  it("move with every entry, numbered 1, 2, 3…, and are what a payout checks", async () => {
    const shop = await createTestMerchant({ name: "Loja Saldo" });
    await fundSandboxMerchant(shop.merchantId, "50.00");
    await fundSandboxMerchant(shop.merchantId, "25.00");
    const payout = await readSigned(await postSigned(gatewayOut, shop, pixPayoutRequest("30.00")), shop);
    expect(payout.payload.code).toBe(201);

    const entries = await ledgerOf(shop.merchantId);
    expect(entries.map((entry) => entry.sequence)).toEqual(entries.map((_, i) => i + 1));
    const sum = (pick: (entry: (typeof entries)[number]) => bigint) => entries.reduce((t, e) => t + pick(e), 0n);
    expect(await rowOf(shop.merchantId)).toMatchObject({
      availableCents: sum((entry) => entry.availableDeltaCents),
      reservedCents: sum((entry) => entry.reservedDeltaCents),
      entries: entries.length,
    });
    expect(await getMerchantBalance(shop.merchantId)).toMatchObject({ available: "45.00" });

    // The row decides: a payout the row cannot pay is refused, whatever the ledger holds.
    await getDb().merchantBalance.update({
      where: { merchantId_mode: { merchantId: shop.merchantId, mode: "sandbox" } },
      data: { availableCents: 500n },
    });
    const refused = await readSigned(await postSigned(gatewayOut, shop, pixPayoutRequest("10.00")), shop);
    expect(refused.data.error).toMatchObject({ type: "insufficient_funds" });
    expect((refused.data.error as { detail: string }).detail).toContain("available balance is 5.00 BRL");
  });

  it("stay exact under concurrent entries for one merchant", async () => {
    const shop = await createTestMerchant({ name: "Loja Concorrida" });
    await Promise.all(Array.from({ length: 20 }, () => fundSandboxMerchant(shop.merchantId, "1.00")));
    expect(await rowOf(shop.merchantId)).toMatchObject({ availableCents: 2000n, entries: 20 });
    expect((await ledgerOf(shop.merchantId)).map((entry) => entry.sequence)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("count an entry the previous release wrote without a sequence", async () => {
    const shop = await createTestMerchant({ name: "Loja Em Transição" });
    await fundSandboxMerchant(shop.merchantId, "10.00");
    // As the release before balance rows appends: no sequence, no row update.
    await getDb().ledgerEntry.create({
      data: {
        id: `led_old${Date.now()}`,
        merchantId: shop.merchantId,
        mode: "sandbox",
        kind: "credit",
        availableDeltaCents: 250n,
        reservedDeltaCents: 0n,
      },
    });
    expect(await readMerchantBalance(getDb(), shop.merchantId, "sandbox")).toEqual({
      availableCents: 1250n,
      reservedCents: 0n,
    });
    await fundSandboxMerchant(shop.merchantId, "1.00");
    expect((await ledgerOf(shop.merchantId)).map((entry) => entry.sequence)).toEqual([1, null, 2]);
    const verified = await verifyFunds();
    expect(verified.differences.filter((difference) => difference.merchantId === shop.merchantId)).toEqual([]);
  });

  it("are checked against the ledger by funds verify, which raises one alert for a difference", async () => {
    const shop = await createTestMerchant({ name: "Loja Conferida" });
    await fundSandboxMerchant(shop.merchantId, "40.00");
    expect((await verifyFunds()).differences.filter((d) => d.merchantId === shop.merchantId)).toEqual([]);

    // A difference injected behind the gateway's back: the row claims a real more than the ledger.
    await getDb().merchantBalance.update({
      where: { merchantId_mode: { merchantId: shop.merchantId, mode: "sandbox" } },
      data: { availableCents: { increment: 100n } },
    });
    const found = (await verifyFunds()).differences.filter((d) => d.merchantId === shop.merchantId);
    expect(found).toEqual([
      {
        merchantId: shop.merchantId,
        mode: "sandbox",
        row: "available 41.00, reserved 0.00 over 1 entries",
        ledger: "available 40.00, reserved 0.00 over 1 entries",
      },
    ]);
    await verifyFunds();
    const alerts = await getDb().operatorAlert.findMany({
      where: { kind: "balance_mismatch", merchantId: shop.merchantId },
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ amountCents: 100n });
    expect(alerts[0].message).toContain("its ledger sums to available 40.00");

    // The operator's command says the same, and fails, as a cron job or a script needs it to.
    const run = await runTool("cashier", ["funds", "verify"]);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { differences: unknown[] }).differences).toContainEqual(found[0]);
  }, 120_000);
});
