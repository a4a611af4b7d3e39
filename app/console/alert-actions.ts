"use server";

import { consoleAction, redirectTo } from "@/lib/console/console-action";
import { resolveAlert } from "@/lib/alerts/resolve-alert";
import { returnAlertedPix } from "@/lib/psp-returns/return-alerted-pix";
import { formText } from "@/lib/http/form-text";
import type { AlertActionState } from "@/components/console/alert-actions-form";

const isReturn = (form: FormData) => formText(form, "action") === "return";

// Resolve an alert, or return an unmatched Pix to its payer (operators), then back to the overview.
export const alertAction = consoleAction<AlertActionState>(
  {
    name: (_state, form) => (isReturn(form) ? "alerts.return_pix" : "alerts.resolve"),
    roles: ["operator"],
    revalidate: ["/console"],
  },
  async (actor, _state, form) => {
    const alertId = formText(form, "alertId");
    if (isReturn(form))
      return redirectTo(`/console?returned=${(await returnAlertedPix(actor, alertId)).status}#alerts`);
    await resolveAlert(actor, alertId);
    return redirectTo("/console?resolved=1#alerts");
  },
);
