// Gateway In's hosted form: the customer confirms the amount (typing it when the merchant sent
// none) and the method (choosing it when the merchant sent none). Pix issues its BR Code now,
// for the amount chosen; a bank goes on to the sandbox initiator (sandbox merchants only).
// What the shop left open stays the customer's to change, coming back to the form as often as
// they like, until a Pix charge is issued: its BR Code carries the amount, so from then on the
// amount and the method are fixed, and a stale form asking for others is told so, never obeyed
// in silence.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { type TransactionRecord, updateCheckoutChoice } from "../db/transactions";
import { randomAlphanumeric } from "../ids/new-id";
import { parseAmount } from "../money/parse-amount";
import { capabilityOf, findProvider } from "../providers/registry";
import { findHostedPayment } from "./find-hosted-payment";
import { issuePixCharge } from "./issue-pix-charge";
import { type GatewayInMethod, gatewayInMethods } from "./schemas";

export type CheckoutChoice = { amount?: string; paymentMethod?: string };
export type CheckoutResult =
  | { ok: true; next: { kind: "pix" } | { kind: "bank"; bank: Exclude<GatewayInMethod, "pix"> } }
  // closed: settled, expired, or changed meanwhile (another tab): the page shows where it stands.
  // fixed: a Pix charge was issued, and the choice asked for another amount or method.
  | { ok: false; invalid: ("amount" | "paymentMethod")[]; closed?: boolean; fixed?: boolean };

/** Whether a Pix charge exists for the deposit: from then on its amount and method are fixed. */
export function isChargeIssued(deposit: TransactionRecord): boolean {
  return deposit.pixTxid !== null;
}

export async function chooseCheckoutPayment(token: string, choice: CheckoutChoice): Promise<CheckoutResult> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return { ok: false, invalid: [], closed: true };
  const { deposit } = payment;
  if (isChargeIssued(deposit)) return keepIssuedCharge(deposit, choice);
  const invalid: ("amount" | "paymentMethod")[] = [];

  let amountCents = deposit.amountCents;
  if (deposit.amountOpen) {
    const parsed = parseAmount(choice.amount);
    if (!parsed.ok || parsed.cents > getConfig().maxAmountCents) invalid.push("amount");
    else amountCents = parsed.cents;
  }
  const method = (deposit.methodOpen ? choice.paymentMethod : deposit.paymentMethod) as GatewayInMethod | undefined;
  // A live customer never meets the sandbox bank. A live bank is the one the shop sent, paid through
  // the merchant's Open Finance initiator (the deposit was issued at that account); a method left
  // to the customer was issued at the charges' account, where only Pix is paid.
  const isAllowed =
    method !== undefined &&
    gatewayInMethods.includes(method) &&
    (deposit.mode !== "live" || method === "pix" || !deposit.methodOpen);
  if (!isAllowed) invalid.push("paymentMethod");
  if (invalid.length > 0 || !method) return { ok: false, invalid };

  if (method === "pix") {
    // The choice and a new txid are written first, then the provider is called (issuePixCharge),
    // so a crash between the two is finished under that txid.
    const pixTxid = randomAlphanumeric(
      capabilityOf(await findProvider(deposit.provider), "charges").txidLength,
    ).toUpperCase();
    if (!(await updateCheckoutChoice(getDb(), deposit.id, { amountCents, paymentMethod: method, pixTxid }))) {
      return { ok: false, invalid: [], closed: true };
    }
    await issuePixCharge({ ...deposit, amountCents, paymentMethod: method, amountEditable: false, pixTxid });
    return { ok: true, next: { kind: "pix" } };
  }
  const isWritten = await updateCheckoutChoice(getDb(), deposit.id, { amountCents, paymentMethod: method });
  return isWritten ? { ok: true, next: { kind: "bank", bank: method } } : { ok: false, invalid: [], closed: true };
}

/**
 * A deposit with a charge is paid by that charge. Fields the page no longer shows are absent and
 * keep it; a stale page (kept by the browser's back) asking for another amount or a bank is
 * refused as fixed.
 */
async function keepIssuedCharge(deposit: TransactionRecord, choice: CheckoutChoice): Promise<CheckoutResult> {
  const changed: ("amount" | "paymentMethod")[] = [];
  if (choice.amount !== undefined) {
    const parsed = parseAmount(choice.amount);
    if (!parsed.ok || parsed.cents !== deposit.amountCents) changed.push("amount");
  }
  if (choice.paymentMethod !== undefined && choice.paymentMethod !== "pix") changed.push("paymentMethod");
  if (changed.length > 0) return { ok: false, invalid: changed, fixed: true };
  // issuePixCharge finishes a charge whose provider call never returned, under the same txid.
  await issuePixCharge(deposit);
  return { ok: true, next: { kind: "pix" } };
}
