import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { DisableProviderForm } from "@/components/console/provider-forms";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { providersMessages } from "@/lib/i18n/console-providers";
import { formatDateTime } from "@/lib/i18n/messages";
import { describeKindSettings, groupKindsBySettings } from "@/lib/providers/kinds/describe-kind-settings";
import { listConsoleProviderAccounts } from "@/lib/providers/accounts/list-provider-accounts";
import { disableProviderAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: providersMessages[await getConsoleLocale()].title };
}

// Adding stays in the CLI: certificates and keys are files on the server, secrets come from stdin.
// One command per set of settings the kinds declare.
const ADD_COMMAND = groupKindsBySettings()
  .map(
    (kinds) =>
      `npm run cashier -- provider add --kind ${kinds.map((kind) => kind.kind).join("|")} --label LABEL \\
  ${describeKindSettings(kinds[0], "essential").join(" ")} --pix-key KEY`,
  )
  .join("\n");
const INITIATION_COMMAND = `npm run cashier -- provider add … --receiver-branch 0001 --receiver-account 123456 \\
  --receiver-account-type CACC --receiver-document CPF_OR_CNPJ --receiver-name NAME
npm run cashier -- psp configure --provider PA_ID`;
const ROUTE_COMMAND = "npm run cashier -- merchant update MERCHANT_ID --provider PA_ID";

export default async function ProvidersPage() {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = providersMessages[locale];
  const accounts = await listConsoleProviderAccounts(actor).catch(refusePage(actor, "/console/providers"));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      <Alert tone="info" className="mb-6 space-y-2">
        <p>{t.addNote}</p>
        <pre className="text-sm font-normal break-all whitespace-pre-wrap">
          <code>{ADD_COMMAND}</code>
        </pre>
        <p>{t.initiationNote}</p>
        <pre className="text-sm font-normal break-all whitespace-pre-wrap">
          <code>{INITIATION_COMMAND}</code>
        </pre>
        <p>{t.routeNote}</p>
        <pre className="text-sm font-normal break-all whitespace-pre-wrap">
          <code>{ROUTE_COMMAND}</code>
        </pre>
      </Alert>
      {accounts.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <Table caption={t.title}>
          <thead>
            <tr>
              <Th>{t.label}</Th>
              <Th>{t.kind}</Th>
              <Th>{t.rails}</Th>
              <Th>{t.pixKey}</Th>
              <Th>{t.initiation}</Th>
              <Th>{t.webhookUrl}</Th>
              <Th>{t.status}</Th>
              <Th>{t.merchants}</Th>
              <Th>{t.actions}</Th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} data-testid={`provider-${account.id}`}>
                <Td label={t.label}>
                  <div className="font-semibold">{account.label}</div>
                  <div className="font-mono text-xs text-stone-700">{account.id}</div>
                </Td>
                <Td label={t.kind}>
                  <code className="font-mono">{account.kind}</code>
                </Td>
                <Td label={t.rails}>{account.rails.map((rail) => t.railNames[rail]).join(", ")}</Td>
                <Td label={t.pixKey} className="break-all">
                  {account.pix_key}
                </Td>
                <Td label={t.initiation} className="text-sm">
                  {account.initiation ? (
                    <>
                      <div>{account.initiation.receiver.name}</div>
                      <div className="font-mono text-xs text-stone-700">{account.initiation.receiver.document}</div>
                      <div>
                        {t.receiverAccount(
                          account.initiation.receiver.branch,
                          account.initiation.receiver.account,
                          account.initiation.receiver.account_type,
                        )}
                      </div>
                      <div>{t.receiverIspb(account.initiation.receiver.ispb)}</div>
                      <div className="max-w-72 font-mono text-xs break-all text-stone-700">
                        {account.initiation.url}
                      </div>
                    </>
                  ) : (
                    <span className="text-stone-700">{t.noInitiation}</span>
                  )}
                </Td>
                <Td label={t.webhookUrl} className="max-w-72 font-mono text-xs break-all">
                  {account.webhook_url}
                </Td>
                <Td label={t.status}>
                  {account.disabled_at ? (
                    <Badge tone="neutral">{t.disabledAt(formatDateTime(new Date(account.disabled_at), locale))}</Badge>
                  ) : (
                    <Badge tone="success">{t.active}</Badge>
                  )}
                </Td>
                <Td label={t.merchants}>{account.merchants}</Td>
                <Td label={t.actions}>
                  {!account.disabled_at && (
                    <DisableProviderForm
                      accountId={account.id}
                      label={account.label}
                      locale={locale}
                      action={disableProviderAction}
                    />
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
