"use server";

import type { RevealState } from "@/components/console/transactions/customer-data";
import type { ResendState } from "@/components/console/transactions/resend-button";
import type { RefundState } from "@/components/console/transactions/refund-form";
import { consoleAction } from "@/lib/console/console-action";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { resendArguments, revealArguments } from "@/lib/console-transactions/console-schemas";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { formText } from "@/lib/http/form-text";
import { refundConsoleDeposit } from "@/lib/console-transactions/refund-console-deposit";
import { resendTransactionCallback } from "@/lib/console-transactions/resend-transaction-callback";
import { revealTransactionCustomer } from "@/lib/console-transactions/reveal-transaction-customer";

/** A button's refusal: its code, which the button words itself. */
const refusedCode = (failure: FormFailure) => ({ status: "refused", code: failure.code }) as const;

// "Reenviar" on one of the transaction's callbacks: queued again, audited. Bound to its ids by the page.
export const resendCallbackAction = consoleAction<ResendState, typeof resendArguments>(
  {
    name: "transactions.resend_callback",
    roles: ["operator", "merchant-admin"],
    args: resendArguments,
    revalidate: (transactionId) => [`/console/transactions/${transactionId}`],
    refusal: refusedCode,
  },
  async (actor, _transactionId, eventId) => {
    await resendTransactionCallback(actor, eventId);
    return { status: "resent" };
  },
);

// An operator reveals the customer data of a deposit or payout: shown once, audited.
export const revealCustomerAction = consoleAction<RevealState, typeof revealArguments>(
  { name: "transactions.reveal_customer", roles: ["operator"], args: revealArguments, refusal: refusedCode },
  async (actor, transactionId) => ({
    status: "revealed",
    customer: await revealTransactionCustomer(actor, transactionId),
  }),
);

// "Devolver" on a paid deposit (operators, or the merchant's admin): the amount as the console's
// language types it, a reason, and the form's key, so the same form sent twice is one refund.
export const refundDepositAction = consoleAction<RefundState>(
  {
    name: "transactions.refund",
    roles: ["operator", "merchant-admin"],
    revalidate: (_state, form) => [`/console/transactions/${formText(form, "depositId")}`, "/console/transactions"],
  },
  async (actor, _state, form) => {
    const { refund } = await refundConsoleDeposit(actor, await getConsoleLocale(), {
      depositId: formText(form, "depositId"),
      amount: formText(form, "amount"),
      reason: formText(form, "reason"),
      requestKey: formText(form, "requestKey"),
    });
    return { status: "requested", refundId: refund.id, amountCents: refund.amountCents.toString() };
  },
);
