// /pay/ajuda: help, privacy, terms and the operator's contacts. Opened from a payment's page, it
// is that payment's page too: its frame (the shop, the test banner of a sandbox payment, the way
// back to the shop) and a link back to where the customer was. The address the footer's link
// carries (?voltar=) is believed only as a path of this gateway's own hosted payment whose token
// still names a payment: another origin, //host or a made-up token is no way back, never an open
// redirect.
import { OperatorContacts } from "@/components/pay/operator-contacts";
import { PaymentShell } from "@/components/pay/payment-shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getConfig } from "@/lib/config/config";
import { type HostedPayment, findHostedPayment, shopUrl } from "@/lib/deposits/find-hosted-payment";
import type { HostedAnswer, HostedRequest } from "./hosted-route";

const GATEWAY = "https://gateway.invalid";
const MAX_PATH_LENGTH = 2048;

/** The payment page a help page was opened from, and the payment: null unless it is one of this gateway's. */
export async function findHelpReturn(asked: string | null): Promise<{ path: string; payment: HostedPayment } | null> {
  if (!asked || asked.length > MAX_PATH_LENGTH || !asked.startsWith("/pay/")) return null;
  let url: URL;
  try {
    url = new URL(asked, GATEWAY);
  } catch {
    return null;
  }
  const [, pay, token] = url.pathname.split("/");
  if (url.origin !== GATEWAY || pay !== "pay" || !token) return null;
  const payment = await findHostedPayment(token);
  return payment && { path: `${url.pathname}${url.search}`, payment };
}

export async function helpAnswer({ query, locale, t }: HostedRequest): Promise<HostedAnswer> {
  const from = await findHelpReturn(query.get("voltar"));
  const payment = from?.payment;
  return {
    title: t.helpTitle,
    withScript: false,
    page: (
      <PaymentShell
        locale={locale}
        t={t}
        merchantName={payment ? payment.merchantName : null}
        logoUrl={payment?.merchantLogoUrl}
        isSandbox={payment?.deposit.mode === "sandbox"}
        shopUrl={payment && shopUrl(payment)}
        returnPath={from?.path}
      >
        <Card aria-labelledby="help-title">
          <h1 id="help-title" className="text-2xl font-bold">
            {t.helpTitle}
          </h1>
          {from && (
            <ButtonLink href={from.path} variant="secondary" className="mt-4">
              {t.backToPayment}
            </ButtonLink>
          )}
          {t.helpSections.map(([anchor, title, text]) => (
            <section key={anchor} id={anchor} aria-labelledby={`${anchor}-title`} className="mt-5">
              <h2 id={`${anchor}-title`} className="text-lg font-semibold">
                {title}
              </h2>
              <p className="mt-1 text-stone-800 dark:text-stone-200">{text}</p>
            </section>
          ))}
          <OperatorContacts t={t} contacts={getConfig().operator} />
        </Card>
      </PaymentShell>
    ),
  };
}
