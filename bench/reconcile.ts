// npm run bench:reconcile [-- --database sqlite,postgres] [-- PENDING]
// Issue 40: reconciliation at volume. Per database: a live merchant with PENDING (20,000) pending
// Pix deposits whose charges the PSP simulator holds, made over the last two hours; 1 in 10 is
// paid with its webhook lost, half of them an hour ago (before this reconciler started: older than
// the usual listing window) and half just now. The reconciler then runs as a server runs it
// (runReconciler, under its lease, at the defaults: every 60 s, 20 charges a second), and the
// bench reads the database every 250 ms until every paid deposit is paid. It prints how long that
// took, in intervals (the goal: within three), beside the baseline: one bare listing of the same
// Pix from the same simulator, the least any reconciler must do.
import { execFileSync } from "node:child_process";
import { ARGUMENTS, DATABASES, freshDatabase, root } from "./harness";

// One process per database: the reconciler keeps its progress (where it stopped, what it listed)
// in its process, as a server does, which a second database in the same process would inherit.
if (DATABASES.length > 1) {
  for (const kind of DATABASES)
    execFileSync(process.execPath, ["--import", "tsx", import.meta.filename, "--database", kind, ...ARGUMENTS], {
      cwd: root,
      stdio: "inherit",
    });
  process.exit(0);
}

const { startPspSimulator } = await import("../test/psp-simulator/start-psp-simulator");
const simulator = await startPspSimulator({ webhooksEnabled: false });
// The defaults of PIX_PSP_RECONCILE_SECONDS and PIX_PSP_RECONCILE_RATE.
const INTERVAL_SECONDS = 60;
const CHARGES_PER_SECOND = 20;
// Before anything reads the configuration.
Object.assign(process.env, simulator.env, {
  PIX_PSP_RECONCILE_SECONDS: String(INTERVAL_SECONDS),
  PIX_PSP_RECONCILE_RATE: String(CHARGES_PER_SECOND),
});

const { createDb, disconnectDb, getDb, setDb } = await import("../lib/db/client");
const { createMerchant } = await import("../lib/merchants/create-merchant");
const { findSigningKey } = await import("../lib/merchants/find-signing-key");
const { createPixDeposit } = await import("../lib/deposits/create-pix-deposit");
const { mapWithConcurrency } = await import("../lib/pace/map-with-concurrency");
const { runReconciler } = await import("../lib/jobs/run-reconciler");
const { listLiveProviders } = await import("../lib/providers/registry");
const { pixDepositRequest } = await import("../test/support/requests");

const PENDING = Number(ARGUMENTS[0] ?? 20_000);
const PAID_EVERY = 10;
const HOUR_MS = 3600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of DATABASES) {
  const database = await freshDatabase(kind, async () => undefined);
  if (!database) {
    console.log(`${kind}: PostgreSQL not reachable: skipped`);
    continue;
  }
  setDb(createDb(database.url));
  const { keyId, merchantId } = await createMerchant({ name: "Volume", mode: "live" });
  const key = await findSigningKey(keyId);
  if (!key) throw new Error("the merchant's key is missing");

  let seededAt = performance.now();
  const deposits = await mapWithConcurrency(
    Array.from({ length: PENDING }, (_, i) => i),
    8,
    async () => (await createPixDeposit({ merchant: key.merchant, data: pixDepositRequest() })).deposit,
  );
  // Spread over the last two hours, oldest first, as a day's traffic would leave them.
  const madeFrom = Date.now() - 2 * HOUR_MS;
  const db = getDb();
  // In transactions of 500: one of 20,000 outlasts Prisma's five seconds on PostgreSQL.
  for (let first = 0; first < PENDING; first += 500)
    await db.$transaction(
      deposits.slice(first, first + 500).map(({ id }, i) =>
        db.transaction.update({
          where: { id },
          data: { createdAt: new Date(madeFrom + Math.floor(((first + i) * 2 * HOUR_MS) / PENDING)) },
        }),
      ),
    );
  const paid = deposits.filter((_, i) => i % PAID_EVERY === PAID_EVERY - 1);
  for (const [i, deposit] of paid.entries())
    await simulator.pay(deposit.pixTxid as string, { at: new Date(Date.now() - (i % 2 === 0 ? HOUR_MS : 0)) });
  console.log(
    `\n${database.label}: ${PENDING} pending deposits, ${paid.length} of them paid with their webhooks lost (seeded in ${((performance.now() - seededAt) / 1000).toFixed(0)} s)`,
  );

  // The baseline: one bare listing of the two hours, through the same client.
  seededAt = performance.now();
  const [provider] = (await listLiveProviders()).providers;
  const listed = await provider.charges?.listReceivedPix({
    from: new Date(madeFrom),
    to: new Date(),
  });
  const listingMs = performance.now() - seededAt;

  const stop = new AbortController();
  const startedAt = performance.now();
  const reconciler = runReconciler({ intervalMs: INTERVAL_SECONDS * 1000, signal: stop.signal });
  let foundMs: number | null = null;
  while (foundMs === null && performance.now() - startedAt < 10 * INTERVAL_SECONDS * 1000) {
    // Only the bench pays this merchant's deposits.
    const found = await db.transaction.count({ where: { merchantId, status: "paid" } });
    if (found === paid.length) foundMs = performance.now() - startedAt;
    else await sleep(250);
  }
  stop.abort();
  await reconciler;
  const checked = simulator.exchanges.filter((e) => e.method === "GET" && e.path.startsWith("/cob/")).length;
  simulator.exchanges.length = 0;
  await disconnectDb();
  await database.drop();

  console.log(
    `  baseline: one listing of the ${listed?.length ?? 0} Pix received took ${(listingMs / 1000).toFixed(1)} s`,
  );
  if (foundMs === null) {
    console.log(`  NOT every paid deposit was found within ten intervals (${INTERVAL_SECONDS * 10} s)`);
    process.exitCode = 1;
  } else {
    const intervals = foundMs / (INTERVAL_SECONDS * 1000);
    console.log(
      `  every paid deposit found after ${(foundMs / 1000).toFixed(1)} s: ${intervals.toFixed(2)} intervals of ${INTERVAL_SECONDS} s ` +
        `(goal: within 3, ${intervals <= 3 ? "met" : "MISSED"}); ${(foundMs / listingMs).toFixed(1)}× the baseline; ` +
        `${checked} charges asked about meanwhile, at most ${(CHARGES_PER_SECOND * INTERVAL_SECONDS) / 2} a run`,
    );
  }
}
await simulator.close();
