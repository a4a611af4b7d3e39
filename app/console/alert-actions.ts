"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { resolveAlert } from "@/lib/alerts/resolve-alert";
import { returnAlertedPix } from "@/lib/psp-returns/return-alerted-pix";
import { refuseAction } from "@/lib/console/refuse-action";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import type { AlertActionState } from "@/components/console/alert-actions-form";

// Resolve an alert, or return an unmatched Pix to its payer (operators), then back to the overview.
export async function alertAction(state: AlertActionState, form: FormData): Promise<AlertActionState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  const alertId = formText(form, "alertId");
  const isReturn = formText(form, "action") === "return";
  let done: string;
  try {
    if (isReturn) {
      done = `returned=${(await returnAlertedPix(actor, alertId)).status}`;
    } else {
      await resolveAlert(actor, alertId);
      done = "resolved=1";
    }
  } catch (error) {
    return refuseAction(actor, isReturn ? "alerts.return_pix" : "alerts.resolve", error);
  }
  revalidatePath("/console");
  redirect(`/console?${done}#alerts`);
}
