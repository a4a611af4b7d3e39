import { BankLogo } from "@/components/pay/bank-logo";
import { ConsentForm } from "@/components/pay/consent-form";
import { paymentRoute } from "@/components/pay/hosted-route";
import { PixOffer } from "@/components/pay/pix-offer";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import { findBank } from "@/lib/banks/bank-directory";
import { isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { decideInitiatedPayment, isBankMethod } from "@/lib/deposits/decide-initiated-payment";
import { maskCpf } from "@/lib/deposits/mask-customer";
import { readHostedForm } from "@/lib/deposits/read-hosted-form";
import { canSwitchToPix } from "@/lib/deposits/switch-to-pix";
import { isAppError } from "@/lib/errors/app-error";

// /pay/{token}/autorizar?banco=… - step 3: the sandbox bank asks the customer's consent
export const GET = paymentRoute(async ({ token, query, payment, t, amount, withLang, shell, title }) => {
  const { deposit } = payment;
  const bankMethod = query.get("banco") ?? undefined;
  // A Pix charge issued meanwhile pays this order: step 1 says so.
  if (payment.state !== "open" || deposit.invalidFields.length > 0 || deposit.amountEditable || isChargeIssued(deposit))
    return { redirect: withLang(`/pay/${token}`) };
  if (!isBankMethod(bankMethod)) return { redirect: withLang(`/pay/${token}/banco`) };
  const isGatewayIn = deposit.operation === "gateway_in";
  // Gateway In: only the method its form settled on.
  if (isGatewayIn && deposit.paymentMethod !== bankMethod) return { redirect: withLang(`/pay/${token}`) };
  const bank = findBank(bankMethod);
  const rows = [
    [t.payer, deposit.customerName ?? ""],
    [t.cpf, maskCpf(deposit.customerCpf)],
    [t.receiver, payment.merchantName],
    [t.amount, amount],
    [t.bank, `${bank.name} (${bank.code})`],
  ];
  return {
    title,
    page: shell(
      <Card aria-labelledby="consent-title">
        <div className="flex items-center gap-3">
          <BankLogo method={bank.method} />
          <h1 id="consent-title" className="text-xl font-bold">
            {t.consentTitle}
          </h1>
        </div>
        <p className="mt-2 text-stone-800 dark:text-stone-200">{t.consentIntro}</p>
        <dl className="mt-4 space-y-3">
          {rows.map(([term, value]) => (
            <ReadOnlyField key={term} label={term} value={value} />
          ))}
        </dl>
        {!payment.isSimulated ? (
          <Alert tone="warning" role="alert" className="mt-5">
            {t.sandboxOnly}
          </Alert>
        ) : (
          <ConsentForm t={t} action={withLang(`/pay/${token}/autorizar?banco=${bank.method}`)} />
        )}
        {canSwitchToPix(deposit) && <PixOffer t={t} action={withLang(`/pay/${token}/pix`)} />}
        {/* A bank the shop sent stays; one the customer chose is changed where it was chosen. */}
        {deposit.methodOpen && (
          <a
            href={withLang(`/pay/${token}${isGatewayIn ? "" : "/banco"}`)}
            className="mt-4 inline-block py-2 underline"
          >
            {t.changeBank}
          </a>
        )}
      </Card>,
    ),
  };
});

// The customer's answer at the sandbox bank: authorize or decline, then back to the merchant.
export const POST = paymentRoute(async ({ token, request, query, withLang }) => {
  const { decision } = await readHostedForm(request);
  const consentPage = withLang(`/pay/${token}/autorizar?banco=${encodeURIComponent(query.get("banco") ?? "")}`);
  // No answer a button sends: nothing is decided, and the page asks again.
  if (decision !== "authorize" && decision !== "decline") return { redirect: consentPage };
  try {
    const { redirectTo } = await decideInitiatedPayment({ token, bank: query.get("banco") ?? "", decision });
    return { redirect: redirectTo ?? withLang(`/pay/${token}`) };
  } catch (error) {
    // Decided meanwhile in another tab, or the details are incomplete: the page shows where it stands.
    if (!isAppError(error)) throw error;
    return { redirect: withLang(`/pay/${token}`) };
  }
});
