import { BankChoice } from "@/components/pay/bank-choice";
import { ChargeIssued } from "@/components/pay/charge-issued";
import { paymentRoute } from "@/components/pay/hosted-route";
import { PixOffer } from "@/components/pay/pix-offer";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { canSwitchToPix } from "@/lib/deposits/switch-to-pix";

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from
export const GET = paymentRoute(async ({ token, lang, payment, t, amount, withLang, shell, title }) => {
  // Closed, or the details are not complete yet: step 1 says why.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0)
    return { redirect: withLang(`/pay/${token}`) };
  const toPix = withLang(`/pay/${token}/pix`);
  return {
    title,
    page: shell(
      isChargeIssued(payment.deposit) ? (
        // Back from the Pix screen: the charge it showed pays this order now.
        <ChargeIssued t={t} amount={amount} toPix={toPix} />
      ) : (
        <>
          <BankChoice
            t={t}
            action={`/pay/${token}/autorizar`}
            lang={lang}
            banks={bankDirectory.map(({ method, name, code }) => ({ method, name, code }))}
          />
          {canSwitchToPix(payment.deposit) && <PixOffer t={t} action={toPix} />}
        </>
      ),
    ),
  };
});
