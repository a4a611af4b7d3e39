import type { Actor, ConsoleRole } from "@/lib/access/actor";
import type { AuthMessages } from "@/lib/i18n/console-auth";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";

type Entry = { href: string; label: keyof AuthMessages["nav"]; roles: ConsoleRole[] };

const everyone: ConsoleRole[] = ["operator", "merchant-admin", "merchant-viewer"];

// Hidden from roles that cannot use them; the server refuses them anyway.
const entries: Entry[] = [
  { href: "/console", label: "overview", roles: everyone },
  { href: "/console/transactions", label: "transactions", roles: everyone },
  { href: "/console/payouts", label: "payouts", roles: ["operator"] },
  { href: "/console/balance", label: "balance", roles: everyone },
  { href: "/console/keys", label: "keys", roles: everyone },
  { href: "/console/settings", label: "settings", roles: ["merchant-admin", "merchant-viewer"] },
  { href: "/console/merchants", label: "merchants", roles: ["operator"] },
  { href: "/console/providers", label: "providers", roles: ["operator"] },
  { href: "/console/audit", label: "audit", roles: ["operator"] },
  { href: "/console/users", label: "users", roles: ["operator", "merchant-admin"] },
];

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800";

/** The console's header: the areas the actor's role may use, who is signed in, and the ways out. */
export function ConsoleNav(props: {
  actor: Actor;
  words: AuthMessages;
  locale: Locale;
  logOut: (form: FormData) => Promise<void>;
  logOutEverywhere: (form: FormData) => Promise<void>;
  switchLanguage: (form: FormData) => Promise<void>;
}) {
  const { actor, words } = props;
  const t = words.nav;
  return (
    <header className="border-b border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2">
        <a href="/console" className="text-lg font-bold text-brand-800">
          {words.consoleName}
        </a>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span data-testid="console-user">
            {actor.email} · {t.roles[actor.role]}
          </span>
          <form action={props.switchLanguage}>
            <input type="hidden" name="lang" value={props.locale === "en" ? "pt-BR" : "en"} />
            <Button type="submit" size="compact" variant="secondary" lang={props.locale === "en" ? "pt-BR" : "en"}>
              {t.language}
            </Button>
          </form>
          <form action={props.logOut}>
            <Button type="submit" size="compact" variant="secondary">
              {t.logout}
            </Button>
          </form>
          <form action={props.logOutEverywhere}>
            <Button type="submit" size="compact" variant="secondary">
              {t.logoutEverywhere}
            </Button>
          </form>
        </div>
      </div>
      <nav aria-label={t.label} className="mx-auto max-w-7xl overflow-x-auto px-4 pb-2">
        <ul className="flex gap-1">
          {entries
            .filter((entry) => entry.roles.includes(actor.role))
            .map((entry) => (
              <li key={entry.href}>
                <a href={entry.href} className={linkClass}>
                  {t[entry.label] as string}
                </a>
              </li>
            ))}
        </ul>
      </nav>
    </header>
  );
}
