import type { Metadata } from "next";
import { formatCpf } from "@brazilian-utils/brazilian-utils";
import { ClosedPayment } from "@/components/pay/closed-payment";
import { CheckoutForm } from "@/components/pay/checkout-form";
import { CustomerForm } from "@/components/pay/customer-form";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { gatewayInMethods } from "@/lib/deposits/schemas";
import { PaymentShell } from "@/components/pay/payment-shell";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { submitCheckout, submitCustomer } from "./actions";
import { type PageProps, loadPaymentPage } from "./page-context";

export const metadata: Metadata = { title: "Pagamento", robots: { index: false } };

// /pay/{token} - step 1 of a hosted payment: the payer's details (Payment Initiation), or the
// payer, amount and method (Gateway In)
export default async function PaymentPage(props: PageProps) {
  const { token, query, payment, locale, t, amount } = await loadPaymentPage(props);
  const { deposit } = payment;
  const values = { name: deposit.customerName ?? "", email: deposit.customerEmail ?? "", cpf: deposit.customerCpf ?? "" };
  const editable = deposit.invalidFields.filter((f): f is "name" | "email" | "cpf" => f === "name" || f === "email" || f === "cpf");
  return (
    <PaymentShell locale={locale} t={t} merchantName={payment.merchantName} amount={amount}>
      {payment.state === "open" ? (
        <section aria-labelledby="details-title">
          <h1 id="details-title" className="text-xl font-bold">
            {t.yourDetails}
          </h1>
          <p className="mt-1 mb-5 text-stone-700">{t.detailsIntro}</p>
          {deposit.operation === "gateway_in" ? (
            <CheckoutForm
              t={t}
              customer={{ ...values, cpf: formatCpf(values.cpf) }}
              amount={{ value: amount, isEditable: deposit.amountEditable }}
              method={{
                value: deposit.paymentMethod,
                // Pix first: it is how most Brazilians pay.
                options: [...gatewayInMethods].sort((a, b) => Number(b === "pix") - Number(a === "pix")).map((method) => ({
                  value: method,
                  label: method === "pix" ? t.pix : (bankDirectory.find((bank) => bank.method === method)?.name ?? method),
                })),
              }}
              action={submitCheckout.bind(null, token, query.lang ?? "")}
            />
          ) : (
            <CustomerForm
              t={t}
              values={values}
              display={{ ...values, cpf: editable.includes("cpf") ? values.cpf : formatCpf(values.cpf) }}
              editable={editable}
              action={submitCustomer.bind(null, token, query.lang ?? "")}
            />
          )}
        </section>
      ) : (
        <ClosedPayment state={payment.state} t={t} returnUrl={merchantReturnUrl(payment)} />
      )}
    </PaymentShell>
  );
}
