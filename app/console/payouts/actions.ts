"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireActor } from "@/lib/console/require-actor";
import { type FormFailure, toFormFailure } from "@/lib/errors/to-form-failure";
import { markQueuedPayout } from "@/lib/payouts/mark-queued-payout";

export type MarkPayoutState = { status: "idle" } | FormFailure;

const text = (form: unknown, name: string) => (form instanceof FormData && typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);

// Complete or cancel a payout from the queue (operators), then back to the queue saying which.
export async function markPayoutAction(_state: MarkPayoutState, form: FormData): Promise<MarkPayoutState> {
  const actor = await requireActor();
  let transferId: string;
  try {
    ({ transfer_id: transferId } = await markQueuedPayout(actor, {
      transferId: text(form, "transferId"),
      outcome: text(form, "outcome"),
      reasonCode: text(form, "reasonCode"),
      reason: text(form, "reason"),
      isResume: text(form, "isResume") === "true",
    }));
  } catch (error) {
    return toFormFailure(error);
  }
  revalidatePath("/console/payouts");
  redirect(`/console/payouts?marked=${transferId}`);
}
