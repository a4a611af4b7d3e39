import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { InviteUserForm, UserActions } from "@/components/console/user-forms";
import { Badge } from "@/components/ui/badge";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { authMessages } from "@/lib/i18n/console-auth";
import { usersMessages } from "@/lib/i18n/console-users";
import { formatDateTime } from "@/lib/i18n/messages";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { consoleUserView } from "@/lib/users/console-user-view";
import { listConsoleUsers } from "@/lib/users/list-console-users";
import { disableUserAction, inviteUserAction, newSetupLinkAction, resetAuthenticatorAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: usersMessages[await getConsoleLocale()].title };
}

export default async function UsersPage() {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = usersMessages[locale];
  const roles = authMessages[locale].nav.roles;
  const isOperator = actor.role === "operator";
  const [users, merchants] = await Promise.all([
    listConsoleUsers(actor),
    isOperator ? listConsoleMerchants(actor) : null,
  ]).catch(refusePage(actor, "/console/users"));
  const merchantNames = new Map(merchants?.map((merchant) => [merchant.merchantId, merchant.name]));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={isOperator ? t.intro : t.introAdmin} />
      <div className="space-y-8">
        <InviteUserForm
          locale={locale}
          merchants={merchants?.map((merchant) => ({ id: merchant.merchantId, name: merchant.name })) ?? null}
          ownMerchantId={actor.merchantId}
          action={inviteUserAction}
        />
        {users.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <section aria-labelledby="users-list" className="space-y-3">
            <h2 id="users-list" className="text-xl font-bold">
              {t.listLabel}
            </h2>
            <ul aria-labelledby="users-list" className="grid gap-3">
              {users.map((user) => {
                const view = consoleUserView(actor, user);
                return (
                  <li
                    key={user.id}
                    data-testid={`user-${user.email}`}
                    className="rounded-xl border border-stone-300 bg-white p-4 text-stone-900"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-all">{user.email}</span>
                      {view.isSelf && <span className="text-sm text-stone-700">({t.you})</span>}
                      <Badge tone="neutral">{roles[user.role] ?? user.role}</Badge>
                      <Badge tone={view.statusTone}>{t.statuses[user.status]}</Badge>
                      {view.authenticator && (
                        <Badge tone="neutral">{view.authenticator === "on" ? t.totpOn : t.totpOff}</Badge>
                      )}
                    </div>
                    <p className="mt-1 text-sm text-stone-700">
                      {view.namesMerchant && user.merchantId && (
                        <>
                          {t.merchant}: {merchantNames.get(user.merchantId) ?? user.merchantId} ·{" "}
                        </>
                      )}
                      {t.createdAt(formatDateTime(new Date(user.createdAt), locale))}
                    </p>
                    {view.canAct && (
                      <div className="mt-3">
                        <UserActions
                          userId={user.id}
                          email={user.email}
                          status={user.status}
                          locale={locale}
                          disable={disableUserAction}
                          newLink={newSetupLinkAction}
                          reset={resetAuthenticatorAction}
                        />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
