import type { Metadata } from "next";
import { CreateKeyForm, RevokeKeyForm } from "@/components/console/key-forms";
import { MerchantPicker } from "@/components/console/merchant-picker";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { formatDateTime } from "@/lib/i18n/messages";
import { chooseMerchantScope } from "@/lib/merchants/find-merchant-in-scope";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { isRevocable, keysView } from "@/lib/merchants/keys-view";
import { listMerchantKeys } from "@/lib/merchants/list-merchant-keys";
import { queryParam } from "@/lib/listing/query";
import { createKeyAction, revokeKeyAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].keys.title };
}

export default async function KeysPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.keys;
  const requested = queryParam((await props.searchParams).merchant);
  const view = keysView(actor);
  const { merchantId, merchants, listed } = await (async () => {
    const scope = chooseMerchantScope(actor, requested);
    const [all, keys] = await Promise.all([
      view.picksMerchant ? listConsoleMerchants(actor) : [],
      scope ? listMerchantKeys(actor, scope) : null,
    ]);
    return { merchantId: scope, merchants: all, listed: keys };
  })().catch(refusePage(actor, "/console/keys"));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      {view.picksMerchant && (
        <div className="mb-6">
          <MerchantPicker
            merchants={merchants.map((m) => ({ id: m.merchantId, name: m.name }))}
            selected={merchantId ?? undefined}
            words={words.common}
          />
        </div>
      )}
      {listed && (
        <div className="space-y-4">
          <h2 className="text-xl font-bold">
            {listed.merchant.name}{" "}
            <Badge tone={listed.merchant.mode === "live" ? "error" : "neutral"}>
              {words.common.modes[listed.merchant.mode]}
            </Badge>
          </h2>
          {view.canManage ? (
            <CreateKeyForm merchantId={listed.merchant.id} locale={locale} action={createKeyAction} />
          ) : (
            <Alert tone="info">{t.viewerNote}</Alert>
          )}
          {listed.keys.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            <Table caption={t.title}>
              <thead>
                <tr>
                  <Th>{t.keyId}</Th>
                  <Th>{t.createdAt}</Th>
                  <Th>{t.lastUsed}</Th>
                  <Th>{t.state}</Th>
                  {view.canManage && <Th>{t.revoke}</Th>}
                </tr>
              </thead>
              <tbody>
                {listed.keys.map((key) => (
                  <tr key={key.keyId} data-testid={`key-${key.keyId}`}>
                    <Td label={t.keyId}>
                      <code className="font-mono">{key.keyId}</code>
                    </Td>
                    <Td label={t.createdAt} className="whitespace-nowrap">
                      {formatDateTime(key.createdAt, locale)}
                    </Td>
                    <Td label={t.lastUsed} className="whitespace-nowrap">
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt, locale) : words.common.never}
                    </Td>
                    <Td label={t.state}>
                      {key.revokedAt ? (
                        <Badge tone="error">{t.revokedAt(formatDateTime(key.revokedAt, locale))}</Badge>
                      ) : (
                        <Badge tone="success">{t.active}</Badge>
                      )}
                    </Td>
                    {view.canManage && (
                      <Td label={t.revoke}>
                        {isRevocable(key) && (
                          <RevokeKeyForm keyId={key.keyId} locale={locale} action={revokeKeyAction} />
                        )}
                      </Td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <p className="text-sm text-stone-700">{t.lastUsedNote}</p>
        </div>
      )}
    </>
  );
}
