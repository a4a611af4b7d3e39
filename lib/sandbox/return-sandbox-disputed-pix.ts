import type { DisputeRecord } from "../db/disputes";
import { recordProviderRefunds } from "../refunds/record-provider-refund";

/**
 * A sandbox dispute lost: the sandbox PSP's MED devolucao of the disputed amount, booked as a live
 * one is (a refund by the provider, refund.completed, spent from the dispute's hold), so a
 * merchant's developer sees the whole story with only a sandbox key.
 */
export async function returnSandboxDisputedPix(dispute: DisputeRecord): Promise<void> {
  await recordProviderRefunds(dispute.endToEndId, [
    {
      refundId: null,
      status: "completed",
      amountCents: dispute.amountCents,
      providerRefundId: `MED${dispute.id.replace("_", "")}`,
      failureReason: null,
      nature: "med_fraud",
    },
  ]);
}
