import { BankChoice } from "@/components/pay/bank-choice";
import { ChargeIssued } from "@/components/pay/charge-issued";
import { ParticipantChoice } from "@/components/pay/participant-choice";
import { PixOffer } from "@/components/pay/pix-offer";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { stepRoute } from "@/lib/hosted/hosted-route";
import { participantChoice } from "@/lib/hosted/participant-choice";
import { bankStep } from "@/lib/hosted/payment-flow";

const banks = bankDirectory.map(({ method, name, code }) => ({ method, name, code }));

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from: the sandbox's five, or
// (live) the banks of the account's initiator, searched with ?q=
export const GET = stepRoute(
  ({ payment }) => bankStep(payment),
  async (hosted, page) => {
    const { token, lang, t, amount, to, shell, title } = hosted;
    if (page.kind === "charge-issued")
      return { title, page: shell(<ChargeIssued t={t} amount={amount} toPix={to({ step: "pix" })} />) };
    const pix = page.offersPix && <PixOffer t={t} action={to({ step: "pix" })} />;
    if (page.kind === "bank-choice")
      return {
        title,
        page: shell(
          <>
            <BankChoice t={t} action={`/pay/${token}/autorizar`} lang={lang} banks={banks} />
            {pix}
          </>,
        ),
      };
    const view = await participantChoice(hosted);
    return {
      title,
      page: shell(
        <>
          <ParticipantChoice
            t={t}
            action={to({ step: "autorizar" })}
            searchAction={`/pay/${token}/banco`}
            lang={lang}
            {...view}
          />
          {pix}
        </>,
      ),
    };
  },
);
