// Step 1's form, posted: Gateway In's amount and method, or Payment Initiation's payer details.
// Where the customer goes next and, when refused, what the page must show again
// (lib/http/refused-form), since the POST itself is never answered with a page.
import { chooseCheckoutPayment } from "../deposits/choose-checkout-payment";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { submitCustomerDetails } from "../deposits/submit-customer-details";
import type { RefusedForm } from "../http/refused-form";
import type { Locale } from "../i18n/messages";
import { parseTypedBrl } from "../i18n/typed-input";
import { formatAmountDot } from "../money/format-amount";
import { type StepAddress, stepAfterCheckout } from "./payment-flow";

export async function submitDetailsForm(
  { token, payment, locale }: { token: string; payment: HostedPayment; locale: Locale },
  form: Record<string, string | undefined>,
): Promise<{ next: StepAddress; refused: RefusedForm | null }> {
  if (payment.deposit.operation === "gateway_in") {
    const values = { amount: form.amount, paymentMethod: form.paymentMethod };
    // Typed as the page's language writes it ("1.234,56", "1,234.56"), read as the field reads it
    // while typed: what it calls no amount ("50.5" in Portuguese) is no amount here either, not
    // the API's "50.5".
    const cents = parseTypedBrl(values.amount ?? "", locale);
    const result = await chooseCheckoutPayment(token, {
      ...values,
      amount: cents === null ? undefined : formatAmountDot(cents),
    });
    // Closed, or a Pix charge fixed the amount meanwhile: step 1 shows where it stands, in words.
    if (result.ok || result.closed || result.fixed) return { next: stepAfterCheckout(result), refused: null };
    return { next: { step: "details" }, refused: { invalid: result.invalid, values } };
  }
  const values = { name: form.name, email: form.email, cpf: form.cpf };
  const result = await submitCustomerDetails(token, values);
  if (result.ok) return { next: { step: "banco" }, refused: null };
  return { next: { step: "details" }, refused: result.closed ? null : { invalid: result.invalid, values } };
}
