import { BankFailure } from "@/components/pay/bank-failure";
import { BankWaiting } from "@/components/pay/bank-waiting";
import { findBank } from "@/lib/banks/bank-directory";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { paymentRoute, stepAnswer } from "@/lib/hosted/hosted-route";
import { waitingStep } from "@/lib/hosted/payment-flow";
import { fillText } from "@/lib/i18n/messages";
import { findBankProgress } from "@/lib/initiations/find-bank-progress";

// /pay/{token}/banco/aguardando - back from the customer's bank: "Confirmando com o seu banco…"
// until the initiator's word is final; paid goes to the receipt (step 1), failed ("Pagamento não
// concluído", also where the sandbox bank's decline lands) says why and what is left to try
export const GET = paymentRoute(async (hosted) => {
  const progress = await findBankProgress(hosted.payment);
  return stepAnswer(
    ({ payment }) => waitingStep(payment, progress),
    ({ token, payment, locale, t, to, shell, amount }, page) => {
      const words = t.liveBank;
      if (page.kind === "waiting")
        return {
          title: [words.waitingTitle, payment.merchantName].filter(Boolean).join(" · "),
          page: shell(
            <BankWaiting
              t={t}
              bankName={page.bankName}
              statusUrl={`/pay/${token}/status?banco`}
              selfUrl={to({ step: "aguardando" })}
            />,
          ),
        };
      return {
        title: [words.failedTitle, payment.merchantName].filter(Boolean).join(" · "),
        page: shell(
          <BankFailure
            locale={locale}
            t={t}
            title={words.failedTitle}
            text={fillText(words.failedText, { bank: page.bankName })}
            reason={page.reason}
            chooseBank={page.chooseBank && to(page.chooseBank)}
            retry={
              page.retryBank && {
                action: to({ step: "autorizar", bank: page.retryBank }),
                bankName: findBank(page.retryBank).name,
              }
            }
            toPix={page.offersPix ? to({ step: "pix" }) : null}
            returnUrl={merchantReturnUrl(payment)}
          />,
          // Still the header's amount: the customer sees which payment did not go through.
          { amount, shopLink: false },
        ),
      };
    },
  )(hosted);
});
