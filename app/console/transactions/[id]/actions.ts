"use server";

import { revalidatePath } from "next/cache";
import type { RevealState } from "@/components/console/transactions/customer-data";
import type { ResendState } from "@/components/console/transactions/resend-button";
import type { Actor } from "@/lib/access/actor";
import { recordAccessDenied } from "@/lib/console/record-access-denied";
import { requireActor } from "@/lib/console/require-actor";
import { resendArguments, revealArguments } from "@/lib/console-transactions/console-schemas";
import { toAppError } from "@/lib/errors/to-app-error";
import { parseActionArguments } from "@/lib/http/parse-action-arguments";
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
