// Live payouts an account sends, followed up with its PSP: a send whose answer never came (a
// timeout, a process killed between its claim and the answer) is asked about under its transfer
// id and, when the PSP has none, made again under that id (the same send, never a second);
// a send still in progress is asked about again until it ends; and a payout that should have
// left at its creation (the process died before the send) is sent. Each step is conditional, so
// a webhook or another reconciler running alongside settles it once.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { type PayoutRecord, findPayoutsAtProvider } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { mapWithConcurrency } from "../pace/map-with-concurrency";
import { RECONCILE_CONCURRENCY, createReconcileBackoff } from "../pace/reconcile-pace";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { isProviderAccountDisabled } from "../providers/registry";
import { applyTransfer } from "./apply-transfer";
import { needsApproval } from "./needs-approval";
import { sendPayout } from "./send-payout";

/**
 * A send untouched for less than this may still be waiting on the PSP: left to the request that
 * made it. One send may take several PSP timeouts (a token, a retried connection, a look-up), so
 * the window grows with PIX_PSP_TIMEOUT_SECONDS; the PSP's idempotency on the transfer id is what
 * keeps a repeat from being a second send, this keeps a repeat from racing the first.
 */
export function inFlightMs(): number {
  return Math.max(15_000, 6 * getConfig().pspTimeoutMs);
}

const backoff = createReconcileBackoff();

async function followUp(provider: PaymentProvider, payout: PayoutRecord): Promise<boolean> {
  const transfers = provider.transfers;
  if (!transfers) return false;
  if (payout.status === "pending") {
    if (await isProviderAccountDisabled(provider.accountId)) return false;
    const merchant = await findMerchant(getDb(), payout.merchantId);
    if (!merchant || needsApproval(merchant, payout.amountCents)) return false;
    return (await sendPayout(payout, { actor: "system" })) !== "processing";
  }
  const transfer = await transfers.findTransfer(payout.id);
  // Claimed, and the PSP never received it: sent now, under the same transfer id.
  if (!transfer) return (await sendPayout(payout, { actor: "system" })) !== "processing";
  const outcome = await applyTransfer(payout, transfer);
  return outcome === "completed" || outcome === "canceled";
}

/** How many payouts ended. */
export async function reconcileLivePayouts(providers: PaymentProvider[], now: Date): Promise<number> {
  let ended = 0;
  for (const provider of providers) {
    if (!provider.transfers) continue;
    const changedBefore = new Date(now.getTime() - inFlightMs());
    const payouts = [
      ...(await findPayoutsAtProvider(getDb(), {
        provider: provider.accountId,
        status: "processing",
        changedBefore,
        limit: 500,
      })),
      ...(await findPayoutsAtProvider(getDb(), {
        provider: provider.accountId,
        status: "pending",
        changedBefore,
        limit: 500,
      })),
    ];
    await mapWithConcurrency(
      backoff.due(payouts, (payout) => payout.id),
      RECONCILE_CONCURRENCY,
      async (payout) => {
        try {
          if (await followUp(provider, payout)) ended++;
          backoff.succeeded(payout.id);
        } catch (error) {
          backoff.failed(payout.id);
          // Another sender had it (state_conflict): nothing is wrong.
          if (isAppError(error) && error.code === "state_conflict") return;
          log.warn("reconciliation of a payout failed; tried again in a later run", {
            transferId: payout.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
  }
  return ended;
}
