import { hostedRoute } from "@/lib/hosted/hosted-route";
import { PaymentShell } from "@/components/pay/payment-shell";
import { Card } from "@/components/ui/card";

// /pay/ajuda - what the hosted pages' footer links to: help, privacy and terms for the customer
export const GET = hostedRoute(async ({ locale, t }) => ({
  title: t.helpTitle,
  withScript: false,
  page: (
    <PaymentShell locale={locale} t={t} merchantName={null}>
      <Card aria-labelledby="help-title">
        <h1 id="help-title" className="text-2xl font-bold">
          {t.helpTitle}
        </h1>
        {t.helpSections.map(([anchor, title, text]) => (
          <section key={anchor} id={anchor} aria-labelledby={`${anchor}-title`} className="mt-5">
            <h2 id={`${anchor}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            <p className="mt-1 text-stone-800 dark:text-stone-200">{text}</p>
          </section>
        ))}
      </Card>
    </PaymentShell>
  ),
}));
