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
  type DisputeRecord,
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
// The stragglers asked within the hour, by dispute id: the next run asks others.
const stragglerAskedAt = new Map<string, number>();

export async function reconcileDisputes(
  providers: PaymentProvider[],
  now: Date,
): Promise<{ disputes: number; errors: number }> {
  const total = { changed: 0, errors: 0 };
  const add = (counts: { changed: number; errors: number }) => {
    total.changed += counts.changed;
    total.errors += counts.errors;
  };
  for (const [id, at] of stragglerAskedAt) if (at + STRAGGLER_EVERY_MS <= now.getTime()) stragglerAskedAt.delete(id);
  for (const provider of providers) {
    const { accountId, disputes } = provider;
    if (!disputes) continue;
    const last = listedUntil.get(accountId);
    let from = last ? last.getTime() - OVERLAP_MS : now.getTime() - FIRST_LISTING_MS;
    const oldest = await findOldestUndecidedOpening(getDb(), accountId);
    if (oldest) from = Math.min(from, oldest.getTime() - OVERLAP_MS);
    from = Math.max(from, now.getTime() - MAX_LISTING_MS);
    try {
      const listed = await disputes.listDisputes({ from: new Date(from), to: now });
      add(
        await eachOnItsOwn(
          listed.unreadable,
          async (infraction) => {
            await alertUnreadableDispute(accountId, infraction);
            return false;
          },
          "an unreadable MED infraction could not be told to the operator; tried again next run",
          (infraction) => ({ account: accountId, providerDisputeId: infraction.providerDisputeId }),
        ),
      );
      add(
        await eachOnItsOwn(
          listed.disputes,
          (report) => reconcileDispute(accountId, report),
          "a MED infraction could not be applied; tried again next run",
          (report) => ({ account: accountId, providerDisputeId: report.providerDisputeId }),
        ),
      );
      listedUntil.set(accountId, now);
    } catch (error) {
      total.errors++;
      log.warn("listing MED infractions failed; tried again next run", { account: accountId, error: messageOf(error) });
    }
    try {
      add(await reconcileStragglers(accountId, disputes, new Date(from), now));
    } catch (error) {
      total.errors++;
      log.warn("looking up MED disputes older than the listing failed; tried again next run", {
        account: accountId,
        error: messageOf(error),
      });
    }
  }
  await alertUnansweredDisputes(now);
  return { disputes: total.changed, errors: total.errors };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One step per item, each on its own: one that fails is logged and counted, and the others go on. */
async function eachOnItsOwn<T>(
  items: T[],
  step: (item: T) => Promise<boolean>,
  failure: string,
  fieldsOf: (item: T) => Record<string, unknown>,
): Promise<{ changed: number; errors: number }> {
  const counts = { changed: 0, errors: 0 };
  for (const item of items) {
    try {
      if (await step(item)) counts.changed++;
    } catch (error) {
      counts.errors++;
      log.error(failure, { ...fieldsOf(item), error: messageOf(error) });
    }
  }
  return counts;
}

/**
 * The account's undecided disputes opened before the listing's window, each found at the PSP by
 * itself (findDispute) and moved as a listing would: those the window no longer reaches. Those
 * asked within the hour are left out of the query, so more than a run's worth take turns.
 */
async function reconcileStragglers(
  accountId: string,
  disputes: DisputeCapability,
  windowFrom: Date,
  now: Date,
): Promise<{ changed: number; errors: number }> {
  const due = await listUndecidedDisputesOpenedBefore(getDb(), accountId, windowFrom, {
    limit: STRAGGLERS_PER_RUN,
    exceptIds: [...stragglerAskedAt.keys()],
  });
  for (const dispute of due) stragglerAskedAt.set(dispute.id, now.getTime());
  return eachOnItsOwn(
    due,
    async (dispute) => {
      const report = await disputes.findDispute({
        providerDisputeId: dispute.providerDisputeId,
        openedAt: dispute.openedAt,
      });
      if (report) return moveStoredDispute(dispute, report);
      log.warn(
        "the PSP lists no MED infraction for an undecided dispute older than the listing; asked again in an hour",
        {
          account: accountId,
          disputeId: dispute.id,
          providerDisputeId: dispute.providerDisputeId,
        },
      );
      return false;
    },
    "a MED infraction older than the listing could not be read; asked again in an hour",
    (dispute) => ({ account: accountId, providerDisputeId: dispute.providerDisputeId }),
  );
}

/** A stored dispute moved by what the PSP says of it now. True when its status changed. */
async function moveStoredDispute(stored: DisputeRecord, report: ProviderDispute): Promise<boolean> {
  // Most of a listing is news already had: no transaction, no funds lock for those.
  if (isReportKnown(stored, report)) return false;
  return (await applyDisputeReport(stored, report)).status !== stored.status;
}

/** One infraction as listed: a new dispute, or the stored one moved. True when something changed. */
async function reconcileDispute(accountId: string, report: ProviderDispute): Promise<boolean> {
  const stored = await findDisputeOfProvider(getDb(), accountId, report.providerDisputeId);
  if (stored) return moveStoredDispute(stored, report);
  const opened = await openDispute(accountId, report);
  if (opened.dispute && report.status !== "open") await applyDisputeReport(opened.dispute, report);
  return opened.isNew;
}

/**
 * An infraction the PSP listed that does not read is not followed, though a MED devolução may
 * follow it: the operator is told once, with what names it at the PSP and its dispute, or else the
 * deposit its Pix paid (when those read), to look at it at the PSP by hand.
 */
async function alertUnreadableDispute(accountId: string, infraction: UnreadableDispute): Promise<void> {
  const db = getDb();
  const dispute = infraction.providerDisputeId
    ? await findDisputeOfProvider(db, accountId, infraction.providerDisputeId)
    : null;
  const deposit =
    !dispute && infraction.endToEndId ? await findTransactionByEndToEndId(db, infraction.endToEndId) : null;
  const ofAccount = deposit?.provider === accountId ? deposit : null;
  const named = infraction.providerDisputeId ?? infraction.endToEndId;
  // Without a readable id, what did not read stands for it: the same item raises one alert.
  const subject = `${accountId}/${named ?? createHash("sha256").update(infraction.problem).digest("hex").slice(0, 32)}`;
  const listed = `the PSP lists MED infraction ${infraction.providerDisputeId ?? "(no readable id)"} against Pix ${infraction.endToEndId ?? "(no readable endToEndId)"} on account ${accountId} in a form the gateway cannot read (${infraction.problem.slice(0, 300)})`;
  await raiseOperatorAlert(db, {
    kind: "unreadable_answer",
    subject,
    merchantId: dispute?.merchantId ?? ofAccount?.merchantId ?? null,
    objectId: dispute?.depositId ?? ofAccount?.id ?? null,
    amountCents: dispute?.amountCents ?? ofAccount?.amountCents ?? null,
    message: dispute
      ? `${listed}: its dispute ${dispute.id} stays ${dispute.status}, holding ${formatAmountDot(dispute.heldCents)} BRL, and is not moved while the PSP's word does not read; look at it in the PSP's portal`
      : `${listed}: no dispute is open and nothing is held for it; read it in the PSP's portal and answer it there by its deadline`,
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
