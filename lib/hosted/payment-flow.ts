// The order of a hosted payment's steps, decided in one place: which page a step shows for the
// payment as it stands, and where a customer who may not be on that step goes instead. Payment
// Initiation runs details → banco → autorizar; Gateway In runs details → pix, or details →
// autorizar with the bank its form settled on. Both start at the deposit's initiator from
// autorizar: a sandbox payment's is the sandbox bank, whose consent screen is autorizar again with
// the attempt it started (&tentativa=); a live one goes to the customer's own bank through the
// account's Open Finance initiator (banco/abrir), comes back by the account's return address and
// waits on banco/aguardando until the initiator says how it ended. Every closed payment is told on
// the details step. The domain operations behind the forms check again whatever they change: a
// page is only a view.
import { type BankMethod, isBankMethod } from "../banks/bank-directory";
import { type CheckoutResult, isChargeIssued } from "../deposits/choose-checkout-payment";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { canSwitchToPix } from "../deposits/switch-to-pix";
import type { BankFailureReason, BankProgress } from "../initiations/find-bank-progress";

/** Why a live customer is back on the bank choice, said there in their words (?erro=). */
export const bankRefusals = ["recusado", "indisponivel", "lista"] as const;
export type BankRefusal = (typeof bankRefusals)[number];

/**
 * A step of the same payment, as a redirect names it: the consent step with the bank it asks for
 * (and, live, why the bank could not be reached); the bank choice with why the customer is back.
 */
export type StepAddress =
  /** Step 1; `fromPayment` when the customer arrives there from the payment just made (the receipt's countdown). */
  | { step: "details"; fromPayment?: boolean }
  | { step: "pix" | "abrir" | "aguardando" }
  | { step: "banco"; refusal?: BankRefusal }
  /**
   * No bank: where a live customer's chosen bank posts. With an attempt: the sandbox bank's consent
   * screen for the attempt it started (the address the sandbox's startInitiation answers, relative to
   * the payment's pages).
   */
  | { step: "autorizar"; bank?: string; attempt?: string; refusal?: BankRefusal };

export type DetailsPage =
  /**
   * How the payment ended: the receipt once paid, the failure template once expired or failed.
   * `countdown`: back to the shop on its own, only for a customer who arrives from paying.
   */
  | { kind: "ended"; state: "paid" | "expired" | "failed"; countdown: boolean }
  /** A Pix charge fixed the amount and method: what they are, and the way to the code. */
  | { kind: "charge-issued" }
  /** The payer's details (Payment Initiation), or the amount and method (Gateway In). */
  | { kind: "form" };
export type BankPage =
  | { kind: "charge-issued" }
  /** The sandbox's five banks. */
  | { kind: "bank-choice"; offersPix: boolean }
  /** The banks of the account's initiator: the interface's five first, the rest searched by name. */
  | { kind: "participant-choice"; offersPix: boolean };
export type ConsentPage = {
  kind: "consent";
  bank: BankMethod;
  offersPix: boolean;
  /** Where the customer changes the bank: where it was chosen; null when the shop sent it. */
  changeBank: StepAddress | null;
};
export type PixPage = { kind: "pix"; pixCode: string; expiresAt: Date };

/** A live payment's newest attempt at a bank, as the flow needs it: null before the first. */
export type LatestAttempt = { status: "pending" | "paid" | "failed"; hasBankAddress: boolean } | null;

/** Live autorizar: start at the bank the shop sent, or say why it could not be reached. */
export type BankApprovalPage =
  | { kind: "start"; bank: BankMethod }
  | { kind: "unreachable"; bank: BankMethod; refusal: BankRefusal; offersPix: boolean };

/** banco/aguardando: waiting for the initiator's word, or the attempt failed and what is left to try. */
export type WaitingPage =
  | { kind: "waiting"; bankName: string }
  | {
      kind: "failed";
      bankName: string;
      reason: BankFailureReason | null;
      offersPix: boolean;
      /** Where another bank is chosen; null when the shop sent the bank. */
      chooseBank: StepAddress | null;
      /** The shop's bank, tried again by a POST to autorizar; null when the customer chooses. */
      retryBank: BankMethod | null;
    };

export type StepDecision<Page> = { page: Page } | { redirect: StepAddress };

const toDetails = { redirect: { step: "details" } } as const;

/** The query that marks step 1 reached from the payment itself, not a link opened again. */
const FROM_PAYMENT = "origem=pagamento";

/** Whether step 1's address says the customer comes from the payment (FROM_PAYMENT). */
export function isFromPayment(query: URLSearchParams): boolean {
  return query.get("origem") === "pagamento";
}

/** The path of a step of the payment behind `token`. */
export function stepPath(token: string, to: StepAddress): string {
  if (to.step === "details") return `/pay/${token}${to.fromPayment ? `?${FROM_PAYMENT}` : ""}`;
  if (to.step === "autorizar") {
    const query = [
      to.bank === undefined ? null : `banco=${encodeURIComponent(to.bank)}`,
      to.attempt === undefined ? null : `tentativa=${encodeURIComponent(to.attempt)}`,
      to.refusal ? `erro=${to.refusal}` : null,
    ].filter(Boolean);
    return `/pay/${token}/autorizar${query.length > 0 ? `?${query.join("&")}` : ""}`;
  }
  if (to.step === "banco") return `/pay/${token}/banco${to.refusal ? `?erro=${to.refusal}` : ""}`;
  if (to.step === "abrir" || to.step === "aguardando") return `/pay/${token}/banco/${to.step}`;
  return `/pay/${token}/${to.step}`;
}

/** A receipt counts down back to the shop this long after the payment, at the most. */
const COUNTDOWN_WINDOW_MS = 10 * 60 * 1000;

/**
 * /pay/{token}: step 1, or how the payment ended. `fromPayment`: the address says the customer
 * came from the payment (the Pix screen, the bank's answer); a receipt counts down back to the
 * shop only then, and only just after the payment, so a link opened again later stays put.
 */
export function detailsStep(
  payment: HostedPayment,
  fromPayment = false,
  now: Date = new Date(),
): StepDecision<DetailsPage> {
  const { deposit, state } = payment;
  if (state !== "open") {
    const paidAt = deposit.settledAt ?? deposit.updatedAt;
    const countdown = state === "paid" && fromPayment && now.getTime() - paidAt.getTime() < COUNTDOWN_WINDOW_MS;
    return { page: { kind: "ended", state, countdown } };
  }
  // A shop's fully locked Gateway In link with its QR issued: the customer belongs on the QR.
  if (
    deposit.operation === "gateway_in" &&
    !deposit.amountOpen &&
    !deposit.methodOpen &&
    deposit.paymentMethod === "pix" &&
    deposit.pixCode
  )
    return { redirect: { step: "pix" } };
  // A live link whose shop sent everything and a bank: straight to that bank's approval.
  const bank = lockedLiveBank(payment);
  if (bank && !isChargeIssued(deposit)) return { redirect: { step: "autorizar", bank } };
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
  const offersPix = canSwitchToPix(payment.deposit);
  // A live customer's bank is one their initiator lists; only a sandbox payment meets the sandbox bank.
  if (!payment.isSimulated) {
    // Gateway In's bank is the shop's: its approval, not a choice.
    if (payment.deposit.operation === "gateway_in") return toDetails;
    return { page: { kind: "participant-choice", offersPix } };
  }
  return { page: { kind: "bank-choice", offersPix } };
}

/**
 * /pay/{token}/autorizar?banco=…: a sandbox payment at the sandbox bank. Without an attempt the
 * payment is started there; with the attempt it started, its consent screen.
 */
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

/** A live Gateway In link whose shop sent everything, a bank included: the bank, else null. */
function lockedLiveBank({ deposit, isSimulated }: HostedPayment): BankMethod | null {
  if (isSimulated || deposit.operation !== "gateway_in" || deposit.amountOpen || deposit.methodOpen) return null;
  return isBankMethod(deposit.paymentMethod) ? deposit.paymentMethod : null;
}

/** Whether the payment can go to a bank now: open, the payer and the amount settled, no Pix charge. */
function isReadyForBank({ deposit, state }: HostedPayment): boolean {
  return state === "open" && deposit.invalidFields.length === 0 && !deposit.amountEditable && !isChargeIssued(deposit);
}

/**
 * /pay/{token}/autorizar?banco=… for a live payment: never a simulated bank. A Payment Initiation
 * starts at a bank only from its choice (a POST); a Gateway In link whose shop sent the bank starts
 * there as it opens. A customer with an attempt under way goes on with it: to the bank while it
 * waits for them, to the failure once it failed.
 */
export function bankApprovalStep(
  payment: HostedPayment,
  bank: string | null,
  latest: LatestAttempt,
  refusal: string | null,
): StepDecision<BankApprovalPage> {
  const { deposit } = payment;
  if (!isReadyForBank(payment) || latest?.status === "paid") return toDetails;
  if (deposit.operation !== "gateway_in")
    return latest?.status === "pending" && latest.hasBankAddress
      ? { redirect: { step: "abrir" } }
      : { redirect: { step: "banco" } };
  const shopBank = deposit.paymentMethod;
  if (!isBankMethod(shopBank) || bank !== shopBank) return toDetails;
  // Its start failed for want of an answer: said here, with a way to try again.
  if (isBankRefusal(refusal))
    return { page: { kind: "unreachable", bank: shopBank, refusal, offersPix: canSwitchToPix(deposit) } };
  if (latest?.status === "failed") return { redirect: { step: "aguardando" } };
  if (latest?.status === "pending" && latest.hasBankAddress) return { redirect: { step: "abrir" } };
  return { page: { kind: "start", bank: shopBank } };
}

/** /pay/{token}/banco/abrir: on to the bank while the newest attempt waits for the customer there. */
export function openBankStep(payment: HostedPayment, latest: LatestAttempt): StepDecision<{ kind: "to-bank" }> {
  if (payment.state !== "open" || payment.isSimulated) return toDetails;
  if (latest?.status === "pending" && latest.hasBankAddress) return { page: { kind: "to-bank" } };
  if (latest === null) return { redirect: backToBank(payment) };
  return { redirect: { step: "aguardando" } };
}

/**
 * /pay/{token}/banco/aguardando: "Confirmando com o seu banco…" until the initiator's word is
 * final, then, when the bank did not pay, "Pagamento não concluído" and the ways on. The sandbox
 * bank answers at once: its customer comes here only after a decline.
 */
export function waitingStep(payment: HostedPayment, progress: BankProgress): StepDecision<WaitingPage> {
  const { deposit } = payment;
  // Paid: the receipt, just after paying; ended otherwise: how. Both on step 1.
  if (payment.state === "paid") return { redirect: { step: "details", fromPayment: true } };
  if (payment.state !== "open") return toDetails;
  if (progress.status === "none" || (payment.isSimulated && progress.status === "pending"))
    return { redirect: backToBank(payment) };
  if (progress.status !== "failed") return { page: { kind: "waiting", bankName: progress.bankName } };
  const isShopBank = deposit.operation === "gateway_in" && !deposit.methodOpen;
  return {
    page: {
      kind: "failed",
      bankName: progress.bankName,
      reason: progress.reason,
      offersPix: canSwitchToPix(deposit) && !isChargeIssued(deposit),
      chooseBank: isShopBank ? null : deposit.operation === "gateway_in" ? { step: "details" } : { step: "banco" },
      retryBank: isShopBank && isBankMethod(deposit.paymentMethod) ? deposit.paymentMethod : null,
    },
  };
}

/** Where a customer picks a bank again: the choice, or the shop's bank. */
function backToBank({ deposit }: HostedPayment): StepAddress {
  if (deposit.operation === "gateway_in")
    return isBankMethod(deposit.paymentMethod) && !deposit.methodOpen
      ? { step: "autorizar", bank: deposit.paymentMethod }
      : { step: "details" };
  return { step: "banco" };
}

export function isBankRefusal(value: unknown): value is BankRefusal {
  return bankRefusals.includes(value as BankRefusal);
}

/** /pay/{token}/pix: the code to copy and the QR, once a charge carries them. */
export function pixStep(payment: HostedPayment): StepDecision<PixPage> {
  const { pixCode, expiresAt } = payment.deposit;
  if (payment.state !== "open" || !pixCode || !expiresAt) return toDetails;
  return { page: { kind: "pix", pixCode, expiresAt } };
}

/**
 * Where the sandbox bank's answer leads: the receipt once paid, "Pagamento não concluído" once
 * declined, else step 1, which shows where the payment stands.
 */
export function stepAfterBankAnswer(attempt: "pending" | "paid" | "failed"): StepAddress {
  if (attempt === "paid") return { step: "details", fromPayment: true };
  return attempt === "failed" ? { step: "aguardando" } : { step: "details" };
}

/**
 * Where a Gateway In choice (its form, or "Pague com Pix" from a bank step) goes: the QR, or the
 * chosen bank's consent. Refused, back to step 1, which shows where the payment stands.
 */
export function stepAfterCheckout(result: CheckoutResult): StepAddress {
  if (!result.ok) return { step: "details" };
  return result.next.kind === "pix" ? { step: "pix" } : { step: "autorizar", bank: result.next.bank };
}
