import type { DisputeRecord } from "../db/disputes";
import { recordProviderRefunds } from "../refunds/record-provider-refund";

/**
 * A sandbox dispute lost: the sandbox PSP's MED devolucao of what the dispute holds (no more than
 * is left of the deposit), booked as a live one is (a refund by the provider, refund.completed,
 * spent from the hold), so a merchant's developer sees the whole story with only a sandbox key.
 */
export async function returnLostSandboxDispute(dispute: DisputeRecord): Promise<void> {
  if (dispute.heldCents === 0n) return;
  await recordProviderRefunds(dispute.endToEndId, [
    {
      refundId: null,
      status: "completed",
      amountCents: dispute.heldCents,
      providerRefundId: `MED${dispute.id.replace("_", "")}`,
      failureReason: null,
      nature: "med_fraud",
    },
  ]);
}
