import { PixPayment } from "@/components/pay/pix-payment";
import { findPixReceiverName } from "@/lib/deposits/find-pix-receiver-name";
import { switchToPix } from "@/lib/deposits/switch-to-pix";
import { paymentRoute, stepRoute } from "@/lib/hosted/hosted-route";
import { pixStep, stepAfterCheckout } from "@/lib/hosted/payment-flow";
import { formatTime } from "@/lib/i18n/messages";
import { renderQrCode } from "@/lib/pix/render-qr-code";

// /pay/{token}/pix - Gateway In by Pix: the code to copy and the QR, followed live until paid
export const GET = stepRoute(
  ({ payment }) => pixStep(payment),
  ({ token, payment, locale, t, to, shell, title }, { pixCode, expiresAt }) => ({
    title,
    page: shell(
      <PixPayment
        t={t}
        qrCodeImage={renderQrCode(pixCode)}
        qrCodeText={pixCode}
        secondsLeft={Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}
        deadline={formatTime(expiresAt, locale)}
        receiverName={findPixReceiverName(pixCode) ?? payment.merchantName}
        statusUrl={`/pay/${token}/status`}
        doneUrl={to({ step: "details", fromPayment: true })}
      />,
    ),
  }),
);

// "Outro banco? Pague com Pix" on a bank step, and "Ver o código Pix": the same order, by Pix.
export const POST = paymentRoute(async ({ token, to }) => ({
  redirect: to(stepAfterCheckout(await switchToPix(token))),
}));
