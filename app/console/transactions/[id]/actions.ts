"use server";

import { revalidatePath } from "next/cache";
import type { RevealState } from "@/components/console/transactions/customer-data";
import type { ResendState } from "@/components/console/transactions/resend-button";
import type { RefundState } from "@/components/console/transactions/refund-form";
import type { Actor } from "@/lib/access/actor";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { recordAccessDenied } from "@/lib/console/record-access-denied";
import { refuseAction } from "@/lib/console/refuse-action";
import { requireActor } from "@/lib/console/require-actor";
import { resendArguments, revealArguments } from "@/lib/console-transactions/console-schemas";
import { toAppError } from "@/lib/errors/to-app-error";
import { formText } from "@/lib/http/form-text";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { refundConsoleDeposit } from "@/lib/console-transactions/refund-console-deposit";
import { resendTransactionCallback } from "@/lib/console-transactions/resend-transaction-callback";
import { revealTransactionCustomer } from "@/lib/console-transactions/reveal-transaction-customer";

/** A refusal the actor can read (its code), an access denial recorded first; anything unexpected stays a 500. */
async function refusalCode(actor: Actor, action: string, error: unknown): Promise<string> {
  await recordAccessDenied(actor, { action }, error);
  const known = toAppError(error);
  if (!known) throw error;
  return known.code;
}

// "Reenviar" on one of the transaction's callbacks: queued again, audited. Bound to its ids by the
// page; the form state and data useActionState passes after them are not read.
export async function resendCallbackAction(transactionId: string, eventId: string): Promise<ResendState> {
  parseActionArguments(resendArguments, [transactionId, eventId]);
  const actor = await requireActor();
  try {
    await resendTransactionCallback(actor, eventId);
  } catch (error) {
    return { status: "refused", code: await refusalCode(actor, "transactions.resend_callback", error) };
  }
  revalidatePath(`/console/transactions/${transactionId}`);
  return { status: "resent" };
}

// An operator reveals the customer data of a deposit or payout: shown once, audited.
export async function revealCustomerAction(transactionId: string): Promise<RevealState> {
  parseActionArguments(revealArguments, [transactionId]);
  const actor = await requireActor();
  try {
    return { status: "revealed", customer: await revealTransactionCustomer(actor, transactionId) };
  } catch (error) {
    return { status: "refused", code: await refusalCode(actor, "transactions.reveal_customer", error) };
  }
}

// "Devolver" on a paid deposit (operators, or the merchant's admin): the amount as the console's
// language types it, a reason, and the form's key, so the same form sent twice is one refund.
export async function refundDepositAction(state: RefundState, form: FormData): Promise<RefundState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  const depositId = formText(form, "depositId");
  let refund: Awaited<ReturnType<typeof refundConsoleDeposit>>["refund"];
  try {
    ({ refund } = await refundConsoleDeposit(actor, await getConsoleLocale(), {
      depositId,
      amount: formText(form, "amount"),
      reason: formText(form, "reason"),
      requestKey: formText(form, "requestKey"),
    }));
  } catch (error) {
    return refuseAction(actor, "transactions.refund", error);
  }
  revalidatePath(`/console/transactions/${depositId}`);
  revalidatePath("/console/transactions");
  return { status: "requested", refundId: refund.id, amountCents: refund.amountCents.toString() };
}
