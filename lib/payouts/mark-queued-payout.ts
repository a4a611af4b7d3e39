import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import type { Tx } from "../db/client";
import type { PayoutRecord } from "../db/transactions";
import { type PayoutMarking, markPayout } from "./mark-payout";
import { payoutMarkingSchema } from "./schemas";

/** The audit event of a marking, committed with the payout's final state: the console's and the CLI's. */
export function auditPayoutMarking(actor: AuditActor, ip: string | null, marking: PayoutMarking) {
  return (tx: Tx, payout: PayoutRecord) =>
    recordAuditEvent(tx, {
      actor,
      // Spelled out, so the audit log's label table is checked against it (lib/i18n/console-auth.test.ts).
      action: marking.outcome === "completed" ? "payout.completed" : "payout.canceled",
      targetType: "payout",
      targetId: payout.id,
      merchantId: payout.merchantId,
      ip,
      detail: {
        amount_cents: payout.amountCents.toString(),
        // Live money the gateway did not send: the operator's word is the only record of it.
        ...(marking.outcome === "completed" && payout.mode === "live" ? { sent_outside_gateway: true } : {}),
        ...(marking.isResume ? { resumed: true } : {}),
        ...(marking.outcome === "canceled" ? { reason_code: marking.reasonCode, reason: marking.reason } : {}),
      },
    });
}

/**
 * An operator marks a payout from the console's queue: the CLI's own single-flight markPayout (a
 * double submit reaches the provider once; the second is refused as already being marked), with
 * the audit event committed in the transaction that settles it.
 */
export async function markQueuedPayout(actor: Actor, input: unknown) {
  assertRole(actor, "operator");
  const marking = payoutMarkingSchema.parse(input);
  return markPayout(marking, auditPayoutMarking(actor, actor.ip, marking));
}
