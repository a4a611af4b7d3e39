import type { Actor, ConsoleRole } from "@/lib/access/actor";
import type { AuthMessages } from "@/lib/i18n/console-auth";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";
import { PhoneMenu } from "./phone-menu";
import { SandboxBadge } from "./sandbox-badge";

type Entry = { href: string; label: keyof AuthMessages["nav"]; roles: ConsoleRole[] };

const everyone: ConsoleRole[] = ["operator", "merchant-admin", "merchant-viewer"];

// Hidden from roles that cannot use them; the server refuses them anyway.
const entries: Entry[] = [
  { href: "/console", label: "overview", roles: everyone },
  { href: "/console/transactions", label: "transactions", roles: everyone },
  { href: "/console/payouts", label: "payouts", roles: ["operator"] },
  { href: "/console/disputes", label: "disputes", roles: everyone },
  { href: "/console/balance", label: "balance", roles: everyone },
  { href: "/console/keys", label: "keys", roles: everyone },
  { href: "/console/settings", label: "settings", roles: ["merchant-admin", "merchant-viewer"] },
  { href: "/console/merchants", label: "merchants", roles: ["operator"] },
  { href: "/console/providers", label: "providers", roles: ["operator"] },
  { href: "/console/audit", label: "audit", roles: ["operator"] },
  { href: "/console/users", label: "users", roles: ["operator", "merchant-admin"] },
];

const linkClass =
  "flex min-h-11 items-center rounded-lg px-3 font-semibold text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800";

/**
 * The console's header: the areas the actor's role may use, who is signed in, and the ways out.
 * On a phone the header is one line and a menu holds all of it (PhoneMenu).
 */
export function ConsoleNav(props: {
  actor: Actor;
  /** A merchant user's merchant is in sandbox: its money is test money. */
  isSandbox: boolean;
  words: AuthMessages;
  locale: Locale;
  logOut: (form: FormData) => Promise<void>;
  logOutEverywhere: (form: FormData) => Promise<void>;
  switchLanguage: (form: FormData) => Promise<void>;
}) {
  const { actor, words } = props;
  const t = words.nav;
  const links = entries.filter((entry) => entry.roles.includes(actor.role));
  // Rendered twice, for the phone's menu and the desk's header; CSS shows one, so only one is
  // in the accessibility tree at a time.
  const navigation = (layout: string) => (
    <nav aria-label={t.label}>
      <ul className={layout}>
        {links.map((entry) => (
          <li key={entry.href}>
            <a href={entry.href} className={linkClass}>
              {t[entry.label] as string}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
  const account = (
    <>
      <span data-testid="console-user" className="break-all">
        {actor.email} · {t.roles[actor.role]}
      </span>
      <div className="flex flex-wrap gap-2">
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
    </>
  );
  return (
    <header className="relative border-b border-stone-300 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-50">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-6">
        {/* One line on a phone: the name, the sandbox badge and the menu fit 390 px side by side. */}
        <div className="flex items-center gap-x-2 sm:gap-x-3">
          <a
            href="/console"
            className="flex min-h-11 items-center text-base font-bold whitespace-nowrap text-brand-800 sm:text-lg"
          >
            {words.consoleName}
          </a>
          {props.isSandbox && <SandboxBadge label={t.sandbox} />}
        </div>
        <div className="hidden flex-wrap items-center justify-end gap-2 text-sm sm:flex">{account}</div>
        <PhoneMenu
          summary={
            <>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                <path className="group-open:hidden" d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
                <path
                  className="hidden group-open:block"
                  d="m4.2 2.8 5.8 5.8 5.8-5.8 1.4 1.4-5.8 5.8 5.8 5.8-1.4 1.4-5.8-5.8-5.8 5.8-1.4-1.4 5.8-5.8-5.8-5.8z"
                />
              </svg>
              {t.menu}
            </>
          }
        >
          <div className="absolute inset-x-0 top-full z-20 grid gap-4 border-b border-stone-300 bg-white px-4 pt-2 pb-4 text-sm shadow-lg dark:border-stone-700 dark:bg-stone-900">
            {navigation("grid gap-1 text-base")}
            {account}
          </div>
        </PhoneMenu>
      </div>
      <div className="mx-auto hidden max-w-7xl px-4 pb-2 sm:block">{navigation("flex flex-wrap gap-1")}</div>
    </header>
  );
}
