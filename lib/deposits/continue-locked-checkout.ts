// A Gateway In link whose shop sent everything (valid details, amount, method) leaves the
// customer nothing to decide: it goes straight to the QR, or to the bank, with no form between.
import { chooseCheckoutPayment } from "./choose-checkout-payment";
import { findHostedPayment } from "./find-hosted-payment";

/** The path after /pay/{token} to go to at once, or null when the customer has something to fill in. */
export async function continueLockedCheckout(token: string): Promise<string | null> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return null;
  const { deposit } = payment;
  if (deposit.operation !== "gateway_in" || deposit.amountOpen || deposit.methodOpen) return null;
  const result = await chooseCheckoutPayment(token, {});
  if (!result.ok) return null;
  return result.next.kind === "pix" ? "/pix" : `/autorizar?banco=${result.next.bank}`;
}
