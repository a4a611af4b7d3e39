import { redirect } from "next/navigation";
import { PaymentShell } from "@/components/pay/payment-shell";
import { PixPayment } from "@/components/pay/pix-payment";
import { findPixReceiverName } from "@/lib/deposits/find-pix-receiver-name";
import { formatTime } from "@/lib/i18n/messages";
import { renderQrCode } from "@/lib/pix/render-qr-code";
import { type PageProps, loadPaymentPage, paymentMetadata } from "../page-context";

export const generateMetadata = paymentMetadata;

// /pay/{token}/pix - Gateway In by Pix: the code to copy and the QR, followed live until paid
export default async function PixPage(props: PageProps) {
  const { token, payment, locale, t, amount, withLang, shop } = await loadPaymentPage(props);
  const { deposit } = payment;
  if (payment.state !== "open" || !deposit.pixCode || !deposit.expiresAt) redirect(withLang(`/pay/${token}`));
  return (
    <PaymentShell locale={locale} t={t} {...shop} amount={amount}>
      <PixPayment
        t={t}
        qrCodeImage={renderQrCode(deposit.pixCode)}
        qrCodeText={deposit.pixCode}
        expiresAt={deposit.expiresAt.toISOString()}
        deadline={formatTime(deposit.expiresAt, locale)}
        receiverName={findPixReceiverName(deposit.pixCode) ?? payment.merchantName}
        statusUrl={`/pay/${token}/status`}
        doneUrl={withLang(`/pay/${token}`)}
      />
    </PaymentShell>
  );
}
