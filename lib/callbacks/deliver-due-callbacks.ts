// The callback outbox's delivery. An event is enqueued inside the transaction of the state change
// it reports (enqueue-callback), so a change commits with its callback or not at all, and names the
// deposit, payout or refund it reports (objectId). Workers claim due events with a lease, so
// several of them never deliver one event at once; attempt-callback signs, checks the target
// (check-callback-target, the SSRF guard), POSTs without following redirects and records the
// attempt. Resending (resendAuditedCallback) requeues and audits in one transaction, for the
// console's "Reenviar" and POST /api/events/resend alike; describe-callback-event and
// summarize-callback-health read what the console and the read API show.
import { randomBytes } from "node:crypto";
import { getConfig } from "../config/config";
import { claimCallbackEvents, findDueCallbackEventIds } from "../db/callback-events";
import { getDb } from "../db/client";
import { metrics } from "../metrics/metrics";
import { type CallbackTransport, attemptCallback, findDestination } from "./attempt-callback";

/** A lease outlives the longest attempt (the HTTP timeout) with room to record it. */
export function callbackLeaseMs(): number {
  return getConfig().callbacks.timeoutMs * 3;
}

/**
 * Claims up to batchSize due events and makes one attempt at each, in parallel. `due` is how many
 * it found ready (0: nothing to do now); `claimed` how many of those it won from other workers.
 */
export async function deliverDueCallbacks(options: {
  owner: string;
  batchSize?: number;
  transport?: CallbackTransport;
}): Promise<{ due: number; claimed: number }> {
  const now = new Date();
  const ids = await findDueCallbackEventIds(getDb(), now, options.batchSize ?? 20);
  if (ids.length === 0) return { due: 0, claimed: 0 };
  // A lease names the batch, so this batch's claims are told apart from any other's.
  const owner = `${options.owner}:${randomBytes(4).toString("hex")}`;
  const leaseUntil = new Date(now.getTime() + callbackLeaseMs());
  const claimed = await claimCallbackEvents(getDb(), { ids, owner, now, leaseUntil });
  // Each merchant's URL and key are read once per batch, and again for every new batch.
  const destinations = new Map<string, ReturnType<typeof findDestination>>();
  for (const { merchantId } of claimed) {
    if (!destinations.has(merchantId)) destinations.set(merchantId, findDestination(merchantId));
  }
  await Promise.all(
    claimed.map(async (event) => {
      const result = await attemptCallback(event, owner, await destinations.get(event.merchantId)!, options.transport);
      metrics().callbackAttempts.inc({ result });
    }),
  );
  return { due: ids.length, claimed: claimed.length };
}
