// Gateway In's hosted form: the customer confirms the amount (typing it when the merchant sent
// none) and the method (choosing it when the merchant sent none). Pix issues its BR Code now,
// for the amount chosen; a bank goes on to the sandbox initiator.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { updateCheckoutChoice } from "../db/transactions";
import { randomAlphanumeric } from "../ids";
import { parseAmount } from "../money/parse-amount";
import { findProviderByName } from "../providers/find-provider";
import { findHostedPayment } from "./find-hosted-payment";
import { type GatewayInMethod, gatewayInMethods } from "./schemas";

export type CheckoutChoice = { amount?: string; paymentMethod?: string };
export type CheckoutResult =
  | { ok: true; next: { kind: "pix" } | { kind: "bank"; bank: Exclude<GatewayInMethod, "pix"> } }
  // closed: settled, expired, or changed meanwhile (another tab): the page shows where it stands.
  | { ok: false; invalid: ("amount" | "paymentMethod")[]; closed?: boolean };

export async function chooseCheckoutPayment(token: string, choice: CheckoutChoice): Promise<CheckoutResult> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return { ok: false, invalid: [], closed: true };
  const { deposit } = payment;
  const invalid: ("amount" | "paymentMethod")[] = [];

  let amountCents = deposit.amountCents;
  if (deposit.amountEditable) {
    const parsed = parseAmount(choice.amount);
    if (!parsed.ok || parsed.cents > getConfig().maxAmountCents) invalid.push("amount");
    else amountCents = parsed.cents;
  }
  const method = (deposit.paymentMethod ?? choice.paymentMethod) as GatewayInMethod | undefined;
  if (!method || !gatewayInMethods.includes(method)) invalid.push("paymentMethod");
  if (invalid.length > 0 || !method) return { ok: false, invalid };

  if (method === "pix") {
    // A BR Code already issued for this amount is kept: the customer may come back to the form.
    const isIssued = deposit.pixCode !== null && deposit.amountCents === amountCents;
    const txid = isIssued ? (deposit.pixTxid as string) : randomAlphanumeric(25).toUpperCase();
    const pixCode = isIssued
      ? (deposit.pixCode as string)
      : (await findProviderByName(deposit.provider).createPixCharge({ txid, amountCents, expiresInSeconds: getConfig().pix.expirationSeconds })).qrCodeText;
    const isWritten = await updateCheckoutChoice(getDb(), deposit.id, deposit.amountEditable, { amountCents, paymentMethod: method, pixTxid: txid, pixCode });
    return isWritten ? { ok: true, next: { kind: "pix" } } : { ok: false, invalid: [], closed: true };
  }
  const isWritten = await updateCheckoutChoice(getDb(), deposit.id, deposit.amountEditable, { amountCents, paymentMethod: method });
  return isWritten ? { ok: true, next: { kind: "bank", bank: method } } : { ok: false, invalid: [], closed: true };
}
