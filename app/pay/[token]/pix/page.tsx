import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PaymentShell } from "@/components/pay/payment-shell";
import { PixPayment } from "@/components/pay/pix-payment";
import { renderQrCode } from "@/lib/pix/render-qr-code";
import { type PageProps, loadPaymentPage } from "../page-context";

export const metadata: Metadata = { title: "Pix", robots: { index: false } };

// /pay/{token}/pix - Gateway In by Pix: the QR and code, followed live until paid
export default async function PixPage(props: PageProps) {
  const { token, payment, locale, t, amount, withLang } = await loadPaymentPage(props);
  const { deposit } = payment;
  if (payment.state !== "open" || !deposit.pixCode || !deposit.expiresAt) redirect(withLang(`/pay/${token}`));
  return (
    <PaymentShell locale={locale} t={t} merchantName={payment.merchantName} amount={amount}>
      <PixPayment
        t={t}
        qrCodeImage={renderQrCode(deposit.pixCode)}
        qrCodeText={deposit.pixCode}
        expiresAt={deposit.expiresAt.toISOString()}
        statusUrl={`/pay/${token}/status`}
        returnUrl={deposit.returnUrl}
      />
    </PaymentShell>
  );
}
