// npm run bench:ledger [-- --database sqlite,postgres]
// Issue 40: a payout checks its merchant's balance under the funds lock. Summed over the ledger it
// grew with the merchant's history; read from the balance row it should not. Per database: two
// sandbox merchants, one with 100 ledger entries (the baseline) and one with 1,000,000, each makes
// the same payouts through POST /api/gateway-out's handler, one after another; it prints the mean
// and p95 per payout for both and their ratio, beside what summing the big ledger costs (the check
// before balance rows), for scale.
import { DATABASES, freshDatabase } from "./harness";

const { POST: gatewayOut } = await import("../app/api/gateway-out/route");
const { createDb, disconnectDb, getDb, setDb } = await import("../lib/db/client");
const { createMerchant } = await import("../lib/merchants/create-merchant");
const { signRequestToken } = await import("../lib/envelope/sign-request-token");
const { pixPayoutRequest } = await import("../test/support/requests");

const PAYOUTS = 300;
const WARM_UP = 30;

/** `count` credits of R$ 10.00, numbered 1… and counted in the merchant's balance row, as the gateway writes them. */
async function seedLedger(kind: string, merchantId: string, count: number): Promise<void> {
  const db = getDb();
  const numbers =
    kind === "postgres"
      ? `SELECT n FROM generate_series(1, ${count}) AS n`
      : `WITH RECURSIVE numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers WHERE n < ${count}) SELECT n FROM numbers`;
  await db.$executeRawUnsafe(
    `INSERT INTO "LedgerEntry" ("id", "merchantId", "kind", "availableDeltaCents", "reservedDeltaCents", "mode", "sequence", "createdAt")
     SELECT 'led_bench_${merchantId}_' || n, '${merchantId}', 'credit', 1000, 0, 'sandbox', n, CURRENT_TIMESTAMP FROM (${numbers}) AS seeded`,
  );
  await db.merchantBalance.upsert({
    where: { merchantId_mode: { merchantId, mode: "sandbox" } },
    create: { merchantId, mode: "sandbox", availableCents: BigInt(count) * 1000n, entries: count },
    update: {},
  });
}

type Key = { keyId: string; secret: string };

async function payout(key: Key, i: number, label: string): Promise<number> {
  const jwt = await signRequestToken({
    ...key,
    data: { ...pixPayoutRequest("1.00"), reference: `bench-${label}-${i}` },
  });
  const started = performance.now();
  const response = await gatewayOut(
    new Request("http://localhost/api/gateway-out", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jwt }),
    }),
  );
  const elapsed = performance.now() - started;
  if (response.status !== 201)
    throw new Error(`payout ${label}-${i} answered ${response.status}: ${await response.text()}`);
  return elapsed;
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((sum, t) => sum + t, 0) / times.length, p95: sorted[Math.floor(sorted.length * 0.95)] };
};

for (const kind of DATABASES) {
  const database = await freshDatabase(kind, async () => undefined);
  if (!database) {
    console.log(`\n${kind}: PostgreSQL not reachable: skipped`);
    continue;
  }
  setDb(createDb(database.url));
  const small = await createMerchant({ name: "Poucas Entradas" });
  const large = await createMerchant({ name: "Um Milhão de Entradas" });
  const seeding = performance.now();
  await seedLedger(kind, small.merchantId, 100);
  await seedLedger(kind, large.merchantId, 1_000_000);
  const seeded = ((performance.now() - seeding) / 1000).toFixed(0);

  // Interleaved, so the machine's load weighs on both alike.
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < WARM_UP + PAYOUTS; i++) {
    const smallTime = await payout(small, i, "small");
    const largeTime = await payout(large, i, "large");
    if (i >= WARM_UP) {
      times.small.push(smallTime);
      times.large.push(largeTime);
    }
  }
  const summing = performance.now();
  await getDb().ledgerEntry.aggregate({
    where: { merchantId: large.merchantId, mode: "sandbox" },
    _sum: { availableDeltaCents: true, reservedDeltaCents: true },
  });
  const sumMs = performance.now() - summing;

  const [base, big] = [stats(times.small), stats(times.large)];
  console.log(`\n${database.label}: ${PAYOUTS} payouts each (ledgers seeded in ${seeded} s)`);
  console.log("| merchant | mean ms | p95 ms | × 100 entries |");
  console.log("|---|---:|---:|---:|");
  console.log(`| 100 entries (baseline) | ${base.mean.toFixed(2)} | ${base.p95.toFixed(2)} | 1.00 |`);
  console.log(
    `| 1,000,000 entries | ${big.mean.toFixed(2)} | ${big.p95.toFixed(2)} | ${(big.mean / base.mean).toFixed(2)} |`,
  );
  console.log(`summing the 1,000,000-entry ledger once (the check before balance rows): ${sumMs.toFixed(0)} ms`);
  await disconnectDb();
  await database.drop();
}
