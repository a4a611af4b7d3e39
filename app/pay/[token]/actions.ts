"use server";

import { notFound, redirect } from "next/navigation";
import type { z } from "zod";
import type { CheckoutFormState } from "@/components/pay/checkout-form";
import type { CustomerFormState } from "@/components/pay/customer-form";
import { chooseCheckoutPayment } from "@/lib/deposits/choose-checkout-payment";
import { decideInitiatedPayment } from "@/lib/deposits/decide-initiated-payment";
import { submitCustomerDetails } from "@/lib/deposits/submit-customer-details";
import { switchToPix } from "@/lib/deposits/switch-to-pix";
import { isAppError } from "@/lib/errors/app-error";
import { decisionArguments, formActionArguments, pixSwitchArguments } from "@/lib/deposits/hosted-action-arguments";
import { withLang } from "@/lib/i18n/messages";
import { parseTypedBrl } from "@/lib/i18n/typed-input";
import { formatAmountDot } from "@/lib/money/format-amount";

/** Arguments that are not what the page sends get the not-found page (404), never an exception. */
function parseArguments<T extends z.ZodType>(schema: T, args: unknown[]): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) notFound();
  return parsed.data;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

// The payer's details, step 1 of the hosted payment.
export async function submitCustomer(token: string, lang: string, _state: CustomerFormState, form: FormData): Promise<CustomerFormState> {
  parseArguments(formActionArguments, [token, lang, form]);
  const values = { name: text(form, "name"), email: text(form, "email"), cpf: text(form, "cpf") };
  const result = await submitCustomerDetails(token, values);
  if (result.ok) redirect(withLang(`/pay/${token}/banco`, lang));
  if (result.closed) redirect(withLang(`/pay/${token}`, lang));
  return { invalid: result.invalid, values };
}

// Gateway In's form: amount and method, then Pix or the sandbox bank.
export async function submitCheckout(token: string, lang: string, _state: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  parseArguments(formActionArguments, [token, lang, form]);
  const values = { amount: text(form, "amount"), paymentMethod: text(form, "paymentMethod") };
  // Typed as Brazilians write it ("1.234,56"); the domain takes the API's plain form.
  const cents = parseTypedBrl(values.amount ?? "");
  const result = await chooseCheckoutPayment(token, { ...values, amount: cents === null ? values.amount : formatAmountDot(cents) });
  if (result.ok) {
    redirect(withLang(result.next.kind === "pix" ? `/pay/${token}/pix` : `/pay/${token}/autorizar?banco=${result.next.bank}`, lang));
  }
  // Closed, or a Pix charge fixed the amount meanwhile: step 1 shows where it stands, in words.
  if (result.closed || result.fixed) redirect(withLang(`/pay/${token}`, lang));
  return { invalid: result.invalid, values };
}

// "Outro banco? Pague com Pix" on a bank step: the same order, by Pix.
export async function payByPix(token: string, lang: string): Promise<void> {
  parseArguments(pixSwitchArguments, [token, lang]);
  const result = await switchToPix(token);
  redirect(withLang(result.ok ? `/pay/${token}/pix` : `/pay/${token}`, lang));
}

// The customer's answer at the sandbox bank: authorize or decline, then back to the merchant.
export async function decidePayment(token: string, bank: string, lang: string, decision: "authorize" | "decline"): Promise<void> {
  parseArguments(decisionArguments, [token, bank, lang, decision]);
  let redirectTo: string | null = null;
  try {
    ({ redirectTo } = await decideInitiatedPayment({ token, bank, decision }));
  } catch (error) {
    // Decided meanwhile in another tab, or the details are incomplete: the page shows where it stands.
    if (!isAppError(error)) throw error;
  }
  redirect(redirectTo ?? withLang(`/pay/${token}`, lang));
}
