"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { toFormFailure } from "@/lib/errors/to-form-failure";
import { markQueuedPayout } from "@/lib/payouts/mark-queued-payout";
import type { MarkPayoutState } from "@/components/console/mark-payout-form";

// Complete or cancel a payout from the queue (operators), then back to the queue saying which.
export async function markPayoutAction(_state: MarkPayoutState, form: FormData): Promise<MarkPayoutState> {
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
    return toFormFailure(error);
  }
  revalidatePath("/console/payouts");
  redirect(`/console/payouts?marked=${transferId}`);
}
