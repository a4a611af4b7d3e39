// Reconciliation with the PSP, by one process of the deployment at a time: every server asks for
// the `reconciliation` lease each interval and only its holder asks the PSP, so N processes cost
// the PSP what one does. A holder that dies is replaced once its lease lapses (three intervals).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { acquireJobLease, releaseJobLease } from "../db/job-leases";
import { verifyFunds } from "../funds/verify-funds";
import { type ReconcileSummary, reconcileLiveDeposits } from "./reconcile-live-deposits";
import { sweepRetention } from "./sweep-retention";
import { log } from "../log/logger";
import { metrics } from "../metrics/metrics";
import { runPeriodically } from "./run-periodically";

const LEASE = "reconciliation";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One reconciliation if `owner` holds the lease or can take it; null when another process holds
 * it. While the run lasts the lease is renewed every interval, so a run longer than the lease (a
 * slow PSP) keeps it rather than letting a second reconciler start beside it.
 */
async function reconcileUnderLease(
  owner: string,
  intervalMs: number,
): Promise<(ReconcileSummary & Record<string, number>) | null> {
  const claim = () => acquireJobLease(getDb(), { name: LEASE, owner, ttlMs: 3 * intervalMs, now: new Date() });
  if (!(await claim())) return null;
  const renewal = setInterval(() => {
    claim().then(
      (isHeld) => {
        if (!isHeld)
          log.warn("reconciliation lease lost during a run: another process may reconcile beside this one", { owner });
      },
      (error) => log.warn("renewing the reconciliation lease failed", { owner, error: message(error) }),
    );
  }, intervalMs);
  try {
    return { ...(await reconcileLiveDeposits()), ...(await verifyFundsDaily()), ...(await sweepRetentionHourly()) };
  } finally {
    clearInterval(renewal);
  }
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Runs `job` if it is due once per `periodMs` across the deployment: for the first reconciler to
 * find its lease lapsed, under a new owner each time, so holding it is never a renewal. A job that
 * fails gives its lease back, so the next run tries again, and never stops reconciliation.
 */
async function runOncePer(
  name: string,
  periodMs: number,
  job: () => Promise<Record<string, number>>,
): Promise<Record<string, number>> {
  const owner = newOwner();
  if (!(await acquireJobLease(getDb(), { name, owner, ttlMs: periodMs, now: new Date() }))) return {};
  try {
    return await job();
  } catch (error) {
    log.error(`${name} failed; it is tried again at the next run`, { error: message(error) });
    await releaseJobLease(getDb(), { name, owner }).catch(() => undefined);
    return {};
  }
}

/** The balance rows checked against the ledger (lib/funds/verify-funds), once a day. */
const verifyFundsDaily = () =>
  runOncePer("funds-verify", DAY_MS, async () => {
    const { checked, differences } = await verifyFunds();
    return { balancesVerified: checked, balanceDifferences: differences.length };
  });

/** The retention sweep (lib/jobs/sweep-retention), once an hour. */
const sweepRetentionHourly = () =>
  runOncePer("retention", HOUR_MS, async () => {
    const removed = await sweepRetention();
    return Object.fromEntries(Object.entries(removed).map(([table, count]) => [`${table}Deleted`, count]));
  });

/** Unique per process and call, so the lease tells two reconcilers on one machine apart. */
function newOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * Reconciles every interval while this process holds the lease, and asks for it every interval
 * while another does. Resolves once stopped (a run under way finishes first), having released the
 * lease so that another process takes over at its next interval rather than after the lapse.
 */
export async function runReconciler(options: { intervalMs: number; signal?: AbortSignal }): Promise<void> {
  const owner = newOwner();
  let isHolder = false;
  await runPeriodically(
    "reconciliation",
    async () => {
      const summary = await reconcileUnderLease(owner, options.intervalMs);
      if ((summary !== null) !== isHolder) {
        isHolder = summary !== null;
        metrics().jobLeaseHeld.set({ job: LEASE }, isHolder ? 1 : 0);
        log.info(
          isHolder ? "this process now reconciles with the PSP" : "another process now reconciles with the PSP",
          { owner },
        );
      }
      return summary ?? 0;
    },
    options,
  );
  metrics().jobLeaseHeld.set({ job: LEASE }, 0);
  await releaseJobLease(getDb(), { name: LEASE, owner }).catch((error) =>
    log.warn("releasing the reconciliation lease failed; it lapses on its own", { owner, error: message(error) }),
  );
}

export const RECONCILING_ELSEWHERE = { skipped: "another process is reconciling" } as const;

/**
 * One reconciliation now, for the operator's `psp reconcile`: under the lease, so it never runs
 * beside the elected reconciler (RECONCILING_ELSEWHERE while one holds it), unless `isForced`.
 */
export async function reconcileOnce(
  options: { isForced?: boolean } = {},
): Promise<ReconcileSummary | typeof RECONCILING_ELSEWHERE> {
  if (options.isForced) return reconcileLiveDeposits();
  const owner = newOwner();
  try {
    return (await reconcileUnderLease(owner, getConfig().reconcile.intervalMs)) ?? RECONCILING_ELSEWHERE;
  } finally {
    await releaseJobLease(getDb(), { name: LEASE, owner });
  }
}
