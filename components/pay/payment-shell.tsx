import type { Locale, Messages } from "@/lib/i18n/messages";

/** The frame of every hosted payment page: who is paid, how much, then the step itself. */
export function PaymentShell(props: {
  locale: Locale;
  t: Messages;
  merchantName: string;
  amount: string;
  children: React.ReactNode;
}) {
  return (
    <main lang={props.locale} className="mx-auto min-h-screen max-w-md px-4 py-6 sm:py-10">
      <header className="rounded-2xl bg-brand-800 px-5 py-4 text-white">
        <p className="text-sm text-emerald-100">{props.t.payTo}</p>
        <p className="text-lg font-semibold" data-testid="merchant-name">
          {props.merchantName}
        </p>
        <p className="mt-2 text-sm text-emerald-100">{props.t.amount}</p>
        <p className="text-3xl font-bold tracking-tight" data-testid="amount">
          {props.amount}
        </p>
      </header>
      <div className="mt-6">{props.children}</div>
    </main>
  );
}

/** The one button style of the pages: large enough for a thumb, with a visible focus ring. */
export const primaryButton =
  "w-full rounded-xl bg-brand-700 px-5 py-4 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
export const secondaryButton =
  "w-full rounded-xl border-2 border-stone-400 bg-white px-5 py-4 text-lg font-semibold text-stone-900 hover:bg-stone-100";
