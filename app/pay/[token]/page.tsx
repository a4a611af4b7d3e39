import type { Metadata } from "next";
import { formatCpf } from "@brazilian-utils/brazilian-utils";
import { ClosedPayment } from "@/components/pay/closed-payment";
import { CustomerForm } from "@/components/pay/customer-form";
import { PaymentShell } from "@/components/pay/payment-shell";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { submitCustomer } from "./actions";
import { type PageProps, loadPaymentPage } from "./page-context";

export const metadata: Metadata = { title: "Pagamento", robots: { index: false } };

// /pay/{token} - step 1 of a hosted payment: the payer's details
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
          <CustomerForm
            t={t}
            values={values}
            display={{ ...values, cpf: editable.includes("cpf") ? values.cpf : formatCpf(values.cpf) }}
            editable={editable}
            action={submitCustomer.bind(null, token, query.lang ?? "")}
          />
        </section>
      ) : (
        <ClosedPayment state={payment.state} t={t} returnUrl={merchantReturnUrl(payment)} />
      )}
    </PaymentShell>
  );
}
