"use server";

import type { AnswerDisputeState } from "@/components/console/disputes/answer-dispute-form";
import { consoleAction, redirectTo } from "@/lib/console/console-action";
import { answerConsoleDispute } from "@/lib/console-disputes/answer-console-dispute";
import { formText } from "@/lib/http/form-text";

// "Enviar resposta" on an open dispute (operators, or the merchant's admin): sent to the PSP at
// once, audited, then back to the list naming the dispute, whose outcome the page reads.
export const answerDisputeAction = consoleAction<AnswerDisputeState>(
  { name: "disputes.answer", roles: ["operator", "merchant-admin"], revalidate: ["/console/disputes"] },
  async (actor, _state, form) => {
    const dispute = await answerConsoleDispute(actor, {
      id: formText(form, "id"),
      decision: formText(form, "decision"),
      justification: formText(form, "justification"),
    });
    return redirectTo(`/console/disputes?${new URLSearchParams({ answered: dispute.id })}#${dispute.id}`);
  },
);
