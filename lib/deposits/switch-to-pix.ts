// "Outro banco? Pague com Pix": from a bank step, the same order paid by Pix instead, when the
// shop left the way to pay to the customer (every Payment Initiation; a Gateway In link sent
// without a method). The Pix is issued by the one operation that issues a hosted payment's
// charge (chooseCheckoutPayment), for the amount already settled. A customer sent back to a charge
// already issued is taken to it the same way.
import type { TransactionRecord } from "../db/transactions";
import { formatAmountDot } from "../money/format-amount";
import { type CheckoutResult, chooseCheckoutPayment, isChargeIssued } from "./choose-checkout-payment";
import { findHostedPayment } from "./find-hosted-payment";

/** Whether a bank step may offer Pix: the method is the customer's, and the amount and payer are settled. */
export function canSwitchToPix(deposit: TransactionRecord): boolean {
  return deposit.methodOpen && !deposit.amountEditable && deposit.invalidFields.length === 0;
}

export async function switchToPix(token: string): Promise<CheckoutResult> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return { ok: false, invalid: [], closed: true };
  if (!isChargeIssued(payment.deposit) && !canSwitchToPix(payment.deposit))
    return { ok: false, invalid: ["paymentMethod"] };
  return chooseCheckoutPayment(token, { amount: formatAmountDot(payment.deposit.amountCents), paymentMethod: "pix" });
}
