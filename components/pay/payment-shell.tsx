import type { Locale, Messages } from "@/lib/i18n/messages";

/**
 * The frame of every hosted page: a sandbox payment's test banner above everything (so no step
 * can miss it), the way back to the shop, who is paid and how much in one short line (so a phone
 * shows the step's action without scrolling), the step, then who processes the payment and where
 * to get help.
 */
export function PaymentShell(props: {
  locale: Locale;
  t: Messages;
  merchantName: string | null;
  /** The merchant's logo, from the gateway's own origin. */
  logoUrl?: string | null;
  /** What the order is, as the shop's request names it. */
  description?: string | null;
  amount?: React.ReactNode;
  /** A sandbox payment's pages say they are a test: no real money moves. */
  isSandbox?: boolean;
  /** The shop's address: a plain link back, which cancels nothing. */
  shopUrl?: string | null;
  /** The page the customer is on (a same-origin path), which the help page links back to. */
  returnPath?: string | null;
  children: React.ReactNode;
}) {
  const { t } = props;
  const helpQuery = new URLSearchParams();
  if (props.returnPath) helpQuery.set("voltar", props.returnPath);
  if (props.locale === "en") helpQuery.set("lang", "en");
  const helpPath = `/pay/ajuda${helpQuery.size > 0 ? `?${helpQuery}` : ""}`;
  return (
    <div
      lang={props.locale}
      className="hosted min-h-dvh bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-50"
    >
      {props.isSandbox && (
        <section
          aria-labelledby="test-banner-title"
          className="border-b-2 border-amber-500 bg-amber-100 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
          data-testid="test-banner"
        >
          <p className="mx-auto max-w-md px-4 py-1.5 text-center text-sm">
            <strong id="test-banner-title">{t.testMode.title}:</strong> {t.testMode.text}
          </p>
        </section>
      )}
      <div className="mx-auto flex min-h-dvh max-w-md flex-col px-4 pt-3 pb-6 sm:pt-10">
        {props.merchantName !== null && (
          <header className="border-b border-stone-300 pb-3 dark:border-stone-700">
            {props.shopUrl && (
              <a
                href={props.shopUrl}
                className="-mt-2 mb-1 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-stone-800 underline dark:text-stone-200"
              >
                <span aria-hidden="true">←</span> {t.backToShop}
              </a>
            )}
            <div className="flex items-center justify-between gap-3">
              <div className="flex min-w-0 items-center gap-3">
                {props.logoUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- the gateway's own small image: nothing for next/image to optimize
                  <img
                    src={props.logoUrl}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 shrink-0 rounded-lg object-contain"
                    data-testid="merchant-logo"
                  />
                )}
                <div className="min-w-0">
                  <p className="text-sm text-stone-700 dark:text-stone-300">{t.payTo}</p>
                  <p
                    className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]"
                    data-testid="merchant-name"
                  >
                    {props.merchantName}
                  </p>
                  {props.description && (
                    <p className="truncate text-stone-800 dark:text-stone-200" data-testid="order-description">
                      {props.description}
                    </p>
                  )}
                </div>
              </div>
              {props.amount !== undefined && (
                <p className="shrink-0 text-right">
                  <span className="block text-sm text-stone-700 dark:text-stone-300">{t.amount}</span>
                  <span className="text-2xl font-bold tracking-tight" data-testid="amount">
                    {props.amount}
                  </span>
                </p>
              )}
            </div>
          </header>
        )}
        <main lang={props.locale} className="mt-4 flex-1">
          {props.children}
        </main>
        <footer className="mt-8 text-center text-sm text-stone-700 dark:text-stone-300">
          <p>
            {t.processedBy} <strong>Cashier</strong>
          </p>
          <nav aria-label={t.help} className="mt-1 flex justify-center gap-4">
            {(
              [
                ["ajuda", t.help],
                ["privacidade", t.privacy],
                ["termos", t.terms],
              ] as const
            ).map(([anchor, label]) => (
              <a key={anchor} href={`${helpPath}#${anchor}`} className="inline-block py-2 underline">
                {label}
              </a>
            ))}
          </nav>
        </footer>
      </div>
    </div>
  );
}
