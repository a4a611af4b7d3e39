import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { markPayout } from "./mark-payout";
import { payoutMarkingSchema } from "./schemas";

/**
 * An operator marks a payout from the console's queue: the CLI's own single-flight markPayout (a
 * double submit reaches the provider once; the second is refused as already being marked), with
 * the audit event committed in the transaction that settles it.
 */
export async function markQueuedPayout(actor: Actor, input: unknown) {
  assertRole(actor, "operator");
  const marking = payoutMarkingSchema.parse(input);
  return markPayout(marking, (tx, payout) =>
    recordAuditEvent(tx, {
      actor,
      action: `payout.${marking.outcome}`,
      targetType: "payout",
      targetId: payout.id,
      merchantId: payout.merchantId,
      ip: actor.ip,
      detail: {
        amount_cents: payout.amountCents.toString(),
        ...(marking.isResume ? { resumed: true } : {}),
        ...(marking.outcome === "canceled" ? { reason_code: marking.reasonCode, reason: marking.reason } : {}),
      },
    }),
  );
}
