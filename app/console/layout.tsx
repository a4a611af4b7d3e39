import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/console/console-nav";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { findActor } from "@/lib/console/require-actor";
import { authMessages } from "@/lib/i18n/console-auth";
import { findMerchantInScope } from "@/lib/merchants/find-merchant-in-scope";
import { logOut, logOutEverywhere, switchConsoleLanguage } from "./session-actions";

// The frame of every console page, the login and setup pages included (without navigation there).
// It only decides what to show: each page and action checks the session itself (requireActor).
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const locale = await getConsoleLocale();
  const actor = await findActor();
  const merchant = actor?.merchantId ? await findMerchantInScope(actor, actor.merchantId) : null;
  return (
    <div lang={locale}>
      {actor && (
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-30 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-800"
        >
          {authMessages[locale].nav.skipToContent}
        </a>
      )}
      {actor && (
        <ConsoleNav
          actor={actor}
          isSandbox={merchant?.mode === "sandbox"}
          words={authMessages[locale]}
          locale={locale}
          logOut={logOut}
          logOutEverywhere={logOutEverywhere}
          switchLanguage={switchConsoleLanguage}
        />
      )}
      {/* The skip link's target: focusable by it only, so the keyboard lands past the header. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
