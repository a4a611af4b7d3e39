// The order of a hosted payment's steps, decided in one place: which page a step shows for the
// payment as it stands, and where a customer who may not be on that step goes instead. Payment
// Initiation runs details → banco → autorizar; Gateway In runs details → pix, or details →
// autorizar with the bank its form settled on. Every closed payment is told on the details step.
// The domain operations behind the forms check again whatever they change: a page is only a view.
import type { BankMethod } from "../banks/bank-directory";
import { type CheckoutResult, isChargeIssued } from "../deposits/choose-checkout-payment";
import { isBankMethod } from "../deposits/decide-initiated-payment";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { canSwitchToPix } from "../deposits/switch-to-pix";

/** A step of the same payment, as a redirect names it; the consent step with the bank it asks for. */
export type StepAddress = { step: "details" | "banco" | "pix" } | { step: "autorizar"; bank: string };

export type DetailsPage =
  /** How the payment ended: the receipt once paid, the failure template once expired or failed. */
  | { kind: "ended"; state: "paid" | "expired" | "failed" }
  /** A Pix charge fixed the amount and method: what they are, and the way to the code. */
  | { kind: "charge-issued" }
  /** The payer's details (Payment Initiation), or the amount and method (Gateway In). */
  | { kind: "form" };
export type BankPage = { kind: "charge-issued" } | { kind: "bank-choice"; offersPix: boolean };
export type ConsentPage = {
  kind: "consent";
  bank: BankMethod;
  offersPix: boolean;
  /** Where the customer changes the bank: where it was chosen; null when the shop sent it. */
  changeBank: StepAddress | null;
};
export type PixPage = { kind: "pix"; pixCode: string; expiresAt: Date };

export type StepDecision<Page> = { page: Page } | { redirect: StepAddress };

const toDetails = { redirect: { step: "details" } } as const;

/** The path of a step of the payment behind `token`. */
export function stepPath(token: string, to: StepAddress): string {
  if (to.step === "details") return `/pay/${token}`;
  if (to.step === "autorizar") return `/pay/${token}/autorizar?banco=${encodeURIComponent(to.bank)}`;
  return `/pay/${token}/${to.step}`;
}

/** /pay/{token}: step 1, or how the payment ended. */
export function detailsStep(payment: HostedPayment): StepDecision<DetailsPage> {
  const { deposit, state } = payment;
  if (state !== "open") return { page: { kind: "ended", state } };
  // A shop's fully locked Gateway In link with its QR issued: the customer belongs on the QR.
  if (
    deposit.operation === "gateway_in" &&
    !deposit.amountOpen &&
    !deposit.methodOpen &&
    deposit.paymentMethod === "pix" &&
    deposit.pixCode
  )
    return { redirect: { step: "pix" } };
  // Back here once a Pix charge fixed what was the customer's: say so, never a form that ignores them.
  if (isChargeIssued(deposit)) return { page: { kind: "charge-issued" } };
  return { page: { kind: "form" } };
}

/** /pay/{token}/banco: Payment Initiation's choice of bank. */
export function bankStep(payment: HostedPayment): StepDecision<BankPage> {
  // Closed, or the details are not complete yet: step 1 says why.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0) return toDetails;
  // Back from the Pix screen: the charge it showed pays this order now.
  if (isChargeIssued(payment.deposit)) return { page: { kind: "charge-issued" } };
  return { page: { kind: "bank-choice", offersPix: canSwitchToPix(payment.deposit) } };
}

/** /pay/{token}/autorizar?banco=…: the sandbox bank asks the customer's consent. */
export function consentStep(payment: HostedPayment, bank: string | null): StepDecision<ConsentPage> {
  const { deposit } = payment;
  // A Pix charge issued meanwhile pays this order: step 1 says so.
  if (payment.state !== "open" || deposit.invalidFields.length > 0 || deposit.amountEditable || isChargeIssued(deposit))
    return toDetails;
  if (!isBankMethod(bank)) return { redirect: { step: "banco" } };
  const isGatewayIn = deposit.operation === "gateway_in";
  // Gateway In: only the method its form settled on.
  if (isGatewayIn && deposit.paymentMethod !== bank) return toDetails;
  // A bank the shop sent stays; one the customer chose is changed where it was chosen.
  const changeBank = deposit.methodOpen ? { step: isGatewayIn ? ("details" as const) : ("banco" as const) } : null;
  return { page: { kind: "consent", bank, offersPix: canSwitchToPix(deposit), changeBank } };
}

/** /pay/{token}/pix: the code to copy and the QR, once a charge carries them. */
export function pixStep(payment: HostedPayment): StepDecision<PixPage> {
  const { pixCode, expiresAt } = payment.deposit;
  if (payment.state !== "open" || !pixCode || !expiresAt) return toDetails;
  return { page: { kind: "pix", pixCode, expiresAt } };
}

/**
 * Where a Gateway In choice (its form, or "Pague com Pix" from a bank step) goes: the QR, or the
 * chosen bank's consent. Refused, back to step 1, which shows where the payment stands.
 */
export function stepAfterCheckout(result: CheckoutResult): StepAddress {
  if (!result.ok) return { step: "details" };
  return result.next.kind === "pix" ? { step: "pix" } : { step: "autorizar", bank: result.next.bank };
}
