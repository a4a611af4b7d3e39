// What the PSP's webhook may have missed, asked of the PSP itself: the Pix received since the last
// listing (GET /pix?inicio=&fim=) and every pending live deposit's charge (GET /cob/{txid}), a
// paced slice a run (issue 40: tens of thousands pending no longer hold a run past its interval). Paid charges are
// settled, charges the PSP closed or let expire end expired, charge calls that never returned are
// finished under their txid, and pending refunds are followed up. One process of a deployment
// runs it at a time (lib/jobs/run-reconciler.ts holds a lease), and it stays safe when two overlap
// (an operator's `psp reconcile --force`): each change is conditional, so a deposit settles once.
import { runTransaction } from "../db/run-transaction";
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { type DepositRecord, type PendingCursor, findPendingPixDeposits, recordPixCharge } from "../db/transactions";
import { mapWithConcurrency } from "../pace/map-with-concurrency";
import { paceCalls } from "../pace/pace-calls";
import { RECONCILE_CONCURRENCY, createReconcileBackoff } from "../pace/reconcile-pace";
import type { RunBackoff } from "../pace/run-backoff";
import { log } from "../log/logger";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { listLiveProviders } from "../providers/registry";
import { reconcileLivePayouts } from "../payouts/reconcile-live-payouts";
import { reconcileInitiations } from "../initiations/reconcile-initiations";
import { reconcileDisputes } from "../disputes/reconcile-disputes";
import { reconcilePendingRefunds } from "../refunds/reconcile-pending-refunds";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { isAppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import { reconcilePendingPspReturns } from "../psp-returns/reconcile-pending-psp-returns";
import { issuePixCharge, raiseChargeMismatch } from "../deposits/issue-pix-charge";
import type { DepositReasonCode } from "../deposits/schemas";
import { settleDeposit } from "../deposits/settle-deposit";
import { settleReceivedPix } from "../deposits/settle-received-pix";

export type ReconcileSummary = {
  checked: number;
  issued: number;
  paid: number;
  expired: number;
  refunds: number;
  /** Payouts whose send ended (completed or canceled). */
  payouts: number;
  /** Deposits paid at a bank through an initiator, or expired unpaid there. */
  initiations: number;
  /** Disputes opened or moved by the PSP's listing of MED infractions. */
  disputes: number;
  errors: number;
};

// A charge call younger than this may still be answered: leave it to the request that made it.
const IN_FLIGHT_MS = 15_000;
// The PSP stops taking a charge at its expiry; this margin lets a Pix paid at the last second
// arrive (webhook or query) before the deposit ends expired.
const EXPIRY_GRACE_MS = 120_000;

// A deposit the PSP failed on (a timeout, an error, no record of its charge) is asked about again
// after fewer and fewer of its turns rather than at every one: each account's own (AccountProgress).

/**
 * A deposit past its deadline whose charge the PSP answers in a way the gateway cannot use (or
 * not at all) is neither expired blindly (it may be paid) nor left to wait unseen: the operator
 * is told once, and reconciliation keeps asking.
 */
async function raiseUnusableAnswer(deposit: DepositRecord, error: unknown, now: Date): Promise<void> {
  const detail = error instanceof Error ? error.message : String(error);
  if (isAppError(error) && error.code === "provider_mismatch") return raiseChargeMismatch(deposit, detail);
  const isPastDeadline = deposit.expiresAt !== null && deposit.expiresAt.getTime() + EXPIRY_GRACE_MS <= now.getTime();
  if (!isPastDeadline) return;
  await raiseOperatorAlert(getDb(), {
    kind: "unreadable_answer",
    subject: deposit.id,
    merchantId: deposit.merchantId,
    objectId: deposit.id,
    amountCents: deposit.amountCents,
    message: `deposit ${deposit.id} is past its deadline and the PSP's answer about its charge cannot be used: ${detail}`,
  });
}

async function expire(deposit: DepositRecord, reasonCode: DepositReasonCode, now: Date): Promise<void> {
  await runTransaction((tx) => settleDeposit(tx, deposit, { outcome: "expired", reasonCode }, "system", now));
}

/** One deposit: returns what happened to it. */
async function reconcileDeposit(
  provider: PaymentProvider,
  deposit: DepositRecord,
  now: Date,
): Promise<keyof ReconcileSummary | null> {
  const isPastExpiry = deposit.expiresAt !== null && deposit.expiresAt.getTime() + EXPIRY_GRACE_MS <= now.getTime();
  const charges = provider.charges;
  if (!charges) return null;
  const state = await charges.findPixCharge(deposit.pixTxid as string);
  if (!state) {
    // The charge call never reached the PSP: make it now, or end the deposit if it is too late.
    if (isPastExpiry || (deposit.expiresAt !== null && deposit.expiresAt <= now)) {
      await expire(deposit, deposit.pixCode === null ? "charge_not_issued" : "expired", now);
      return "expired";
    }
    if (deposit.pixCode !== null) {
      log.error("PSP has no charge for a deposit that holds its code", {
        depositId: deposit.id,
        txid: deposit.pixTxid,
      });
      return "errors";
    }
    await issuePixCharge(deposit);
    return "issued";
  }
  let issued = false;
  if (deposit.pixCode === null && state.charge) {
    if (state.charge.amountCents !== deposit.amountCents) {
      // Never shown: its QR would take money the gateway refuses to credit.
      await raiseChargeMismatch(
        deposit,
        `the PSP's charge ${deposit.pixTxid} is for ${formatAmountDot(state.charge.amountCents)} BRL`,
      );
      return "errors";
    }
    issued = await recordPixCharge({ id: deposit.id, txid: deposit.pixTxid as string, ...state.charge });
  }
  if (state.status === "paid") {
    let isPaid = false;
    for (const pix of state.payments) isPaid = (await settleReceivedPix(pix, provider)) === "paid" || isPaid;
    return isPaid ? "paid" : null;
  }
  if (state.status === "closed" || isPastExpiry) {
    // Closed before its deadline is the PSP's doing (removed at the PSP); after it, its expiry.
    const isClosedEarly = state.status === "closed" && deposit.expiresAt !== null && deposit.expiresAt > now;
    await expire(deposit, isClosedEarly ? "psp_closed" : "expired", now);
    return "expired";
  }
  return issued ? "issued" : null;
}

export async function reconcileLiveDeposits(now: Date = new Date()): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = {
    checked: 0,
    issued: 0,
    paid: 0,
    expired: 0,
    refunds: 0,
    payouts: 0,
    initiations: 0,
    disputes: 0,
    errors: 0,
  };
  // Refunds at any provider: a sandbox refund whose call never returned is repeated too.
  summary.refunds = await reconcilePendingRefunds(now);
  const { providers, failed } = await listLiveProviders();
  for (const accountId of failed) {
    summary.errors++;
    log.error("a provider account could not be loaded; its transactions are not reconciled", { account: accountId });
  }
  const sweptDay = nextSweptDay();
  // Half an interval for asking about charges, shared by the accounts that take charges.
  const shareMs = getConfig().reconcile.intervalMs / 2 / Math.max(1, providers.filter((p) => p.charges).length);
  for (const provider of providers) await reconcileCharges(provider, summary, now, sweptDay, shareMs);
  summary.payouts = await reconcileLivePayouts(providers, now);
  summary.initiations = await reconcileInitiations(providers, now);
  const disputes = await reconcileDisputes(providers, now);
  summary.disputes = disputes.disputes;
  summary.errors += disputes.errors;
  await reconcilePendingPspReturns(now);
  return summary;
}

/**
 * Per account, in the memory of the process that reconciles: where the last run's charge checks
 * stopped (null: at the oldest), the pending deposits seen since the checks last started at the
 * oldest, the backoff of those whose call failed, and until when the Pix it received were listed
 * (null: not yet by this process).
 */
type AccountProgress = {
  after: PendingCursor | null;
  seen: Set<string>;
  backoff: RunBackoff;
  listedUntil: Date | null;
};
const progress = new Map<string, AccountProgress>();

const PAGE_SIZE = 500;
// A Pix is listed by the time the PSP booked it, which may trail the listing's end a little.
const LISTING_OVERLAP_MS = 2 * 60_000;
// How far back a listing reaches: for a process's first, the oldest pending deposit, and after
// listings that failed, where the last one that did not ended, but never further.
const LISTING_MAX_MS = 24 * 3600_000;

/**
 * One account: its pending charges one by one, oldest first, from where the last run stopped, at
 * PIX_PSP_RECONCILE_RATE a second for at most its share (`shareMs`) of half an interval, so that
 * a run ends before the next is due however many are pending and however slowly the PSP answers;
 * then the Pix it received since the last listing, where a paid deposit whose webhook was lost is
 * found whatever the number pending.
 */
async function reconcileCharges(
  provider: PaymentProvider,
  summary: ReconcileSummary,
  now: Date,
  day: number,
  shareMs: number,
): Promise<void> {
  if (!provider.charges) return;
  let account = progress.get(provider.accountId);
  if (!account)
    progress.set(
      provider.accountId,
      (account = { after: null, seen: new Set(), backoff: createReconcileBackoff(), listedUntil: null }),
    );
  await checkPendingCharges(provider, account, summary, now, shareMs);
  await listReceived(provider, account, summary, now, day);
}

async function checkPendingCharges(
  provider: PaymentProvider,
  account: AccountProgress,
  summary: ReconcileSummary,
  now: Date,
  shareMs: number,
): Promise<void> {
  const { chargesPerSecond } = getConfig().reconcile;
  const budget = Math.max(1, Math.floor((chargesPerSecond * shareMs) / 1000));
  const deadline = Date.now() + shareMs;
  const pace = paceCalls(chargesPerSecond);
  let calls = 0;
  let isStopped = false;
  for (;;) {
    const pending = await findPendingPixDeposits(getDb(), {
      provider: provider.accountId,
      createdBefore: new Date(now.getTime() - IN_FLIGHT_MS),
      limit: PAGE_SIZE,
      after: account.after,
    });
    // In order: whatever stops the run, every deposit before the one it stopped at was started.
    let reached = -1;
    await mapWithConcurrency([...pending.entries()], RECONCILE_CONCURRENCY, async ([index, deposit]) => {
      if (isStopped) return;
      if (calls >= budget || Date.now() >= deadline) {
        isStopped = true;
        return;
      }
      reached = index;
      account.seen.add(deposit.id);
      if (!account.backoff.isDue(deposit.id)) return;
      calls++;
      await pace();
      await checkCharge(provider, account.backoff, deposit, summary, now);
    });
    if (reached >= 0) account.after = pending[reached];
    if (isStopped) return;
    if (pending.length < PAGE_SIZE) {
      // The end: the next run starts again at the oldest, and what was not seen is not pending.
      account.after = null;
      account.backoff.forgetAllBut(account.seen);
      account.seen = new Set();
      return;
    }
  }
}

async function checkCharge(
  provider: PaymentProvider,
  backoff: RunBackoff,
  deposit: DepositRecord,
  summary: ReconcileSummary,
  now: Date,
): Promise<void> {
  summary.checked++;
  try {
    const outcome = await reconcileDeposit(provider, deposit, now);
    if (outcome) summary[outcome]++;
    if (outcome === "errors") backoff.failed(deposit.id);
    else backoff.succeeded(deposit.id);
  } catch (error) {
    summary.errors++;
    backoff.failed(deposit.id);
    const detail = error instanceof Error ? error.message : String(error);
    log.warn("reconciliation of a deposit failed; tried again in a later run", {
      depositId: deposit.id,
      error: detail,
    });
    await raiseUnusableAnswer(deposit, error, now).catch((failure: unknown) =>
      log.error("operator alert not raised", { depositId: deposit.id, error: String(failure) }),
    );
  }
}

/**
 * The Pix the account received since the last listing that did not fail (or, at this process's
 * first, since its oldest pending deposit), at least the last few intervals, at most a day back; then one older day:
 * a MED claw-back or a portal devolucao comes days or weeks after its Pix, and only a listing by
 * the Pix's own time shows it when its webhook was lost. A deposit settled already is left as it
 * is: settling again changes nothing.
 */
async function listReceived(
  provider: PaymentProvider,
  account: AccountProgress,
  summary: ReconcileSummary,
  now: Date,
  day: number,
): Promise<void> {
  const charges = provider.charges;
  if (!charges) return;
  const windowMs = Math.max(3 * getConfig().reconcile.intervalMs, 10 * 60_000);
  let from = now.getTime() - windowMs;
  if (account.listedUntil) from = Math.min(from, account.listedUntil.getTime() - LISTING_OVERLAP_MS);
  else {
    const [oldest] = await findPendingPixDeposits(getDb(), {
      provider: provider.accountId,
      createdBefore: now,
      limit: 1,
    });
    if (oldest) from = Math.min(from, oldest.createdAt.getTime());
  }
  from = Math.max(from, now.getTime() - LISTING_MAX_MS);
  const windows = [
    { from: new Date(from), to: now, isRecent: true },
    { from: new Date(now.getTime() - (day + 1) * DAY_MS), to: new Date(now.getTime() - day * DAY_MS), isRecent: false },
  ];
  for (const window of windows) {
    try {
      // Each in its own transaction, several at once: a listing of thousands (a reconciler that
      // takes over after an outage) is settled in seconds, not one round trip after another.
      await mapWithConcurrency(await charges.listReceivedPix(window), RECONCILE_CONCURRENCY, async (pix) => {
        if ((await settleReceivedPix(pix, provider)) === "paid") summary.paid++;
      });
      if (window.isRecent) account.listedUntil = now;
    } catch (error) {
      summary.errors++;
      log.warn("listing received Pix failed; tried again next run", {
        account: provider.accountId,
        from: window.from.toISOString(),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

const DAY_MS = 24 * 3600_000;
// The Pix rules let a devolucao happen up to 90 days after its Pix (MED included).
const SWEPT_DAYS = 90;
let sweptDay = 0;

/** The next older day to list, 1 to 90 days ago in turn: each is listed again every 90 runs. */
function nextSweptDay(): number {
  sweptDay = (sweptDay % SWEPT_DAYS) + 1;
  return sweptDay;
}
