import type { Metadata } from "next";
import { CreateMerchantForm } from "@/components/console/merchant-forms";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { formatDateTime } from "@/lib/i18n/messages";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { createMerchantAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].merchants.title };
}

export default async function MerchantsPage() {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.merchants;
  const merchants = await listConsoleMerchants(actor).catch(refusePage(actor, "/console/merchants"));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      {merchants.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <Table caption={t.title}>
          <thead>
            <tr>
              <Th>{t.name}</Th>
              <Th>{words.common.mode}</Th>
              <Th>{t.callbackUrl}</Th>
              <Th>{t.keys}</Th>
              <Th>{t.createdAt}</Th>
            </tr>
          </thead>
          <tbody>
            {merchants.map((merchant) => (
              <tr key={merchant.merchantId}>
                <Td label={t.name}>
                  <a
                    href={`/console/merchants/${merchant.merchantId}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {merchant.name}
                  </a>
                  <div className="font-mono text-xs text-stone-700">{merchant.merchantId}</div>
                </Td>
                <Td label={words.common.mode}>
                  <Badge tone={merchant.mode === "live" ? "error" : "neutral"}>
                    {words.common.modes[merchant.mode]}
                  </Badge>
                </Td>
                <Td label={t.callbackUrl} className="max-w-72 break-all">
                  {merchant.callbackUrl ?? <span className="text-stone-700">{t.noCallbackUrl}</span>}
                </Td>
                <Td label={t.keys}>{merchant.keys.filter((key) => key.revokedAt === null).length}</Td>
                <Td label={t.createdAt} className="whitespace-nowrap">
                  {formatDateTime(new Date(merchant.createdAt), locale)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Card className="mt-8">
        <h2 className="mb-4 text-xl font-bold">{t.newMerchant}</h2>
        <CreateMerchantForm locale={locale} action={createMerchantAction} />
      </Card>
    </>
  );
}
