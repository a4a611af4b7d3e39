import { paymentRoute } from "@/components/pay/hosted-route";
import { PixPayment } from "@/components/pay/pix-payment";
import { findPixReceiverName } from "@/lib/deposits/find-pix-receiver-name";
import { switchToPix } from "@/lib/deposits/switch-to-pix";
import { formatTime } from "@/lib/i18n/messages";
import { renderQrCode } from "@/lib/pix/render-qr-code";

// /pay/{token}/pix - Gateway In by Pix: the code to copy and the QR, followed live until paid
export const GET = paymentRoute(async ({ token, payment, locale, t, withLang, shell, title }) => {
  const { deposit } = payment;
  if (payment.state !== "open" || !deposit.pixCode || !deposit.expiresAt)
    return { redirect: withLang(`/pay/${token}`) };
  return {
    title,
    page: shell(
      <PixPayment
        t={t}
        qrCodeImage={renderQrCode(deposit.pixCode)}
        qrCodeText={deposit.pixCode}
        secondsLeft={Math.max(0, Math.floor((deposit.expiresAt.getTime() - Date.now()) / 1000))}
        deadline={formatTime(deposit.expiresAt, locale)}
        receiverName={findPixReceiverName(deposit.pixCode) ?? payment.merchantName}
        statusUrl={`/pay/${token}/status`}
        doneUrl={withLang(`/pay/${token}`)}
      />,
    ),
  };
});

// "Outro banco? Pague com Pix" on a bank step, and "Ver o código Pix": the same order, by Pix.
export const POST = paymentRoute(async ({ token, withLang }) => {
  const result = await switchToPix(token);
  return { redirect: withLang(result.ok ? `/pay/${token}/pix` : `/pay/${token}`) };
});
