"use server";

import { consoleAction, redirectTo } from "@/lib/console/console-action";
import { formText } from "@/lib/http/form-text";
import { approveQueuedPayout } from "@/lib/payouts/approve-payout";
import { markQueuedPayout } from "@/lib/payouts/mark-queued-payout";
import type { MarkPayoutState } from "@/components/console/mark-payout-form";

/**
 * Back to the queue as it was filtered (the form's `merchant`, checked again by the page like any
 * address), naming the payout whose outcome the page reads from the database.
 */
function backToQueue(form: FormData, notice: "marked" | "approved", transferId: string) {
  const merchant = formText(form, "merchant");
  return redirectTo(
    `/console/payouts?${new URLSearchParams({ ...(merchant ? { merchant } : {}), [notice]: transferId })}`,
  );
}

// Complete or cancel a payout from the queue (operators), then back to the queue saying which.
export const markPayoutAction = consoleAction<MarkPayoutState>(
  { name: "payouts.mark", roles: ["operator"], revalidate: ["/console/payouts"] },
  async (actor, _state, form) => {
    const marked = await markQueuedPayout(actor, {
      transferId: formText(form, "transferId"),
      outcome: formText(form, "outcome"),
      reasonCode: formText(form, "reasonCode"),
      reason: formText(form, "reason"),
      isResume: formText(form, "isResume") === "true",
    });
    return backToQueue(form, "marked", marked.transfer_id);
  },
);

// Approve a payout held for approval (operators): its account's PSP is asked to send it at once,
// then back to the queue, which reads from the database how far it got.
export const approvePayoutAction = consoleAction<MarkPayoutState>(
  { name: "payouts.approve", roles: ["operator"], revalidate: ["/console/payouts"] },
  async (actor, _state, form) => {
    const approved = await approveQueuedPayout(actor, { transferId: formText(form, "transferId") });
    return backToQueue(form, "approved", approved.transfer_id);
  },
);
