import { BankChoice } from "@/components/pay/bank-choice";
import { ChargeIssued } from "@/components/pay/charge-issued";
import { PixOffer } from "@/components/pay/pix-offer";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { stepRoute } from "@/lib/hosted/hosted-route";
import { bankStep } from "@/lib/hosted/payment-flow";

const banks = bankDirectory.map(({ method, name, code }) => ({ method, name, code }));

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from
export const GET = stepRoute(
  ({ payment }) => bankStep(payment),
  ({ token, lang, t, amount, to, shell, title }, page) => ({
    title,
    page: shell(
      page.kind === "charge-issued" ? (
        <ChargeIssued t={t} amount={amount} toPix={to({ step: "pix" })} />
      ) : (
        <>
          <BankChoice t={t} action={`/pay/${token}/autorizar`} lang={lang} banks={banks} />
          {page.offersPix && <PixOffer t={t} action={to({ step: "pix" })} />}
        </>
      ),
    ),
  }),
);
