"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { refuseAction } from "@/lib/console/refuse-action";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { approveQueuedPayout } from "@/lib/payouts/approve-payout";
import { markQueuedPayout } from "@/lib/payouts/mark-queued-payout";
import type { MarkPayoutState } from "@/components/console/mark-payout-form";

/**
 * Back to the queue as it was filtered (the form's `merchant`, checked again by the page like any
 * address), naming the payout whose outcome the page reads from the database.
 */
function backToQueue(form: FormData, notice: "marked" | "approved", transferId: string): never {
  const merchant = formText(form, "merchant");
  const query = new URLSearchParams({ ...(merchant ? { merchant } : {}), [notice]: transferId });
  redirect(`/console/payouts?${query}`);
}

// Complete or cancel a payout from the queue (operators), then back to the queue saying which.
export async function markPayoutAction(state: MarkPayoutState, form: FormData): Promise<MarkPayoutState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  let transferId: string;
  try {
    ({ transfer_id: transferId } = await markQueuedPayout(actor, {
      transferId: formText(form, "transferId"),
      outcome: formText(form, "outcome"),
      reasonCode: formText(form, "reasonCode"),
      reason: formText(form, "reason"),
      isResume: formText(form, "isResume") === "true",
    }));
  } catch (error) {
    return refuseAction(actor, "payouts.mark", error);
  }
  revalidatePath("/console/payouts");
  backToQueue(form, "marked", transferId);
}

// Approve a payout held for approval (operators): its account's PSP is asked to send it at once,
// then back to the queue, which reads from the database how far it got.
export async function approvePayoutAction(state: MarkPayoutState, form: FormData): Promise<MarkPayoutState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  let transferId: string;
  try {
    ({ transfer_id: transferId } = await approveQueuedPayout(actor, { transferId: formText(form, "transferId") }));
  } catch (error) {
    return refuseAction(actor, "payouts.approve", error);
  }
  revalidatePath("/console/payouts");
  backToQueue(form, "approved", transferId);
}
