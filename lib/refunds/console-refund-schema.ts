// The console's refund form as its server action reads it (lib/console-transactions/refund-console-deposit).
import { z } from "zod";
import type { Locale } from "../i18n/messages";
import { parseTypedBrl } from "../i18n/typed-input";
import { REFUND_REASON_MAX } from "./schemas";

/** The refusals the form words in the console's language, by the message the server gives. */
export const consoleRefundProblems = {
  amount: "must be an amount in reais, written as the console's language writes money",
  reason: "must say why: the payer's bank shows it",
} as const;

/** The form as posted: the deposit, the amount as typed, the reason and the form's own key. */
export function consoleRefundSchema(locale: Locale) {
  return z.object({
    depositId: z.string().regex(/^dep_[0-9a-z]{1,40}$/, "is not a deposit's id"),
    amount: z
      .string()
      .max(40, consoleRefundProblems.amount)
      .transform((typed, context) => {
        const cents = parseTypedBrl(typed.trim(), locale);
        if (cents === null || cents === 0n) {
          context.addIssue({ code: "custom", message: consoleRefundProblems.amount });
          return z.NEVER;
        }
        return cents;
      }),
    reason: z.string().trim().min(1, consoleRefundProblems.reason).max(REFUND_REASON_MAX),
    // Rendered fresh with each page: the same form sent twice is one refund.
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "is not this form's key"),
  });
}

export type ConsoleRefundInput = z.input<ReturnType<typeof consoleRefundSchema>>;
