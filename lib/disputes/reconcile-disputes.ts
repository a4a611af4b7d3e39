// Reconciliation's turn for disputes: every account that lists MED infractions is asked for those
// opened since its last listing (a process's first: the last week) and since its oldest undecided
// dispute (at most 60 days back; an older one is asked about by itself, once an hour), every page,
// so a new infraction becomes a dispute and a decided one closes. Then every
// open dispute nobody has answered within a day of its deadline raises an operator alert, once:
// nothing is ever answered on the merchant's behalf without someone asking.
import { createHash } from "node:crypto";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { getDb } from "../db/client";
import {
  findDisputeOfProvider,
  findOldestUndecidedOpening,
  findUnansweredDisputesDueBefore,
  listUndecidedDisputesOpenedBefore,
} from "../db/disputes";
import { findTransactionByEndToEndId } from "../db/transactions";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import type {
  DisputeCapability,
  PaymentProvider,
  ProviderDispute,
  UnreadableDispute,
} from "../providers/contract/payment-provider";
import { applyDisputeReport, isReportKnown } from "./apply-dispute-report";
import { openDispute } from "./open-dispute";

const DAY_MS = 24 * 3600_000;
// An infraction may be listed by when it opened, a little behind the listing's end.
const OVERLAP_MS = 10 * 60_000;
// A process's first listing: the PSP's 7 days to answer, and a day more.
const FIRST_LISTING_MS = 8 * DAY_MS;
// However old the oldest undecided dispute, no listing reaches further (MED decides within weeks).
const MAX_LISTING_MS = 60 * DAY_MS;
// An undecided dispute older than that is asked about on its own instead (its hold would otherwise
// never be released or spent): each at most once an hour, and a few per run.
const STRAGGLER_EVERY_MS = 3600_000;
const STRAGGLERS_PER_RUN = 10;
/** An open dispute unanswered this close to its deadline raises the operator's alert. */
export const DEADLINE_WARNING_MS = DAY_MS;

const listedUntil = new Map<string, Date>();
const stragglerAskedAt = new Map<string, number>();

export async function reconcileDisputes(
  providers: PaymentProvider[],
  now: Date,
): Promise<{ disputes: number; errors: number }> {
  let changed = 0;
  let errors = 0;
  for (const provider of providers) {
    const { disputes } = provider;
    if (!disputes) continue;
    const last = listedUntil.get(provider.accountId);
    let from = last ? last.getTime() - OVERLAP_MS : now.getTime() - FIRST_LISTING_MS;
    const oldest = await findOldestUndecidedOpening(getDb(), provider.accountId);
    if (oldest) from = Math.min(from, oldest.getTime() - OVERLAP_MS);
    from = Math.max(from, now.getTime() - MAX_LISTING_MS);
    try {
      const { disputes: reports, unreadable } = await disputes.listDisputes({ from: new Date(from), to: now });
      for (const infraction of unreadable) await alertUnreadableDispute(provider.accountId, infraction);
      // One at a time, each on its own: one that cannot be stored is logged and the others go on.
      for (const report of reports) {
        try {
          if (await reconcileDispute(provider.accountId, report)) changed++;
        } catch (error) {
          errors++;
          log.error("a MED infraction could not be applied; tried again next run", {
            account: provider.accountId,
            providerDisputeId: report.providerDisputeId,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      listedUntil.set(provider.accountId, now);
      const stragglers = await reconcileStragglers(provider.accountId, disputes, new Date(from), now);
      changed += stragglers.changed;
      errors += stragglers.errors;
    } catch (error) {
      errors++;
      log.warn("listing MED infractions failed; tried again next run", {
        account: provider.accountId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  await alertUnansweredDisputes(now);
  return { disputes: changed, errors };
}

/**
 * The account's undecided disputes opened before the listing's window, each found at the PSP by
 * itself (findDispute) and moved as a listing would: those the window no longer reaches.
 */
async function reconcileStragglers(
  accountId: string,
  disputes: DisputeCapability,
  windowFrom: Date,
  now: Date,
): Promise<{ changed: number; errors: number }> {
  let changed = 0;
  let errors = 0;
  const due = (await listUndecidedDisputesOpenedBefore(getDb(), accountId, windowFrom, 10 * STRAGGLERS_PER_RUN))
    .filter((dispute) => (stragglerAskedAt.get(dispute.id) ?? 0) + STRAGGLER_EVERY_MS <= now.getTime())
    .slice(0, STRAGGLERS_PER_RUN);
  for (const dispute of due) {
    stragglerAskedAt.set(dispute.id, now.getTime());
    try {
      const report = await disputes.findDispute({
        providerDisputeId: dispute.providerDisputeId,
        openedAt: dispute.openedAt,
      });
      if (
        report &&
        !isReportKnown(dispute, report) &&
        (await applyDisputeReport(dispute, report)).status !== dispute.status
      )
        changed++;
    } catch (error) {
      errors++;
      log.warn("a MED infraction older than the listing could not be read; tried again in an hour", {
        account: accountId,
        providerDisputeId: dispute.providerDisputeId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { changed, errors };
}

/** One infraction as listed: a new dispute, or the stored one moved. True when something changed. */
async function reconcileDispute(accountId: string, report: ProviderDispute): Promise<boolean> {
  const stored = await findDisputeOfProvider(getDb(), accountId, report.providerDisputeId);
  if (stored) {
    // Most of a listing is news already had: no transaction, no funds lock for those.
    if (isReportKnown(stored, report)) return false;
    return (await applyDisputeReport(stored, report)).status !== stored.status;
  }
  const opened = await openDispute(accountId, report);
  if (opened.dispute && report.status !== "open") await applyDisputeReport(opened.dispute, report);
  return opened.isNew;
}

/**
 * An infraction the PSP listed that does not read opens no dispute and holds nothing, though a MED
 * devolução may follow it: the operator is told once, with what names it at the PSP and the
 * deposit its Pix paid (when that reads), to answer it at the PSP by hand.
 */
async function alertUnreadableDispute(accountId: string, infraction: UnreadableDispute): Promise<void> {
  const deposit = infraction.endToEndId ? await findTransactionByEndToEndId(getDb(), infraction.endToEndId) : null;
  const ofAccount = deposit?.provider === accountId ? deposit : null;
  const named = infraction.providerDisputeId ?? infraction.endToEndId;
  // Without a readable id, what did not read stands for it: the same item raises one alert.
  const subject = `${accountId}/${named ?? createHash("sha256").update(infraction.problem).digest("hex").slice(0, 32)}`;
  await raiseOperatorAlert(getDb(), {
    kind: "unreadable_answer",
    subject,
    merchantId: ofAccount?.merchantId ?? null,
    objectId: ofAccount?.id ?? null,
    amountCents: ofAccount?.amountCents ?? null,
    message: `the PSP listed MED infraction ${infraction.providerDisputeId ?? "(no readable id)"} against Pix ${infraction.endToEndId ?? "(no readable endToEndId)"} on account ${accountId}, which the gateway cannot read (${infraction.problem.slice(0, 300)}): no dispute is open and nothing is held for it; read it in the PSP's portal and answer it there by its deadline`,
  });
}

/** Every live open dispute the PSP holds no answer to, due within a day of `now`: one alert each. */
export async function alertUnansweredDisputes(now: Date): Promise<void> {
  for (const dispute of await findUnansweredDisputesDueBefore(getDb(), new Date(now.getTime() + DEADLINE_WARNING_MS))) {
    if (dispute.mode !== "live") continue;
    await raiseOperatorAlert(getDb(), {
      kind: "dispute_deadline",
      subject: dispute.id,
      merchantId: dispute.merchantId,
      // The deposit, whose page the overview links and which shows its disputes.
      objectId: dispute.depositId,
      amountCents: dispute.amountCents,
      message: `dispute ${dispute.id} (${formatAmountDot(dispute.amountCents)} BRL, deposit ${dispute.depositId}) has no answer and its deadline is ${dispute.respondBy.toISOString()}; the merchant answers, or an operator answers for it in the console`,
    });
  }
}
