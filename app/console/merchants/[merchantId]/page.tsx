import type { Metadata } from "next";
import Link from "next/link";
import { MerchantSettingsForm, SwitchModeForm } from "@/components/console/merchant-forms";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { findConsoleMerchant } from "@/lib/merchants/find-console-merchant";
import { changeMerchantSettingsAction, switchMerchantModeAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].merchants.title };
}

export default async function MerchantPage(props: { params: Promise<{ merchantId: string }> }) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.merchants;
  const merchant = await findConsoleMerchant(actor, (await props.params).merchantId).catch(
    refusePage(actor, "/console/merchants/[merchantId]"),
  );
  const query = `?merchant=${merchant.id}`;
  return (
    <>
      <p className="mb-2">
        <Link href="/console/merchants" className="text-brand-700 underline">
          {t.back}
        </Link>
      </p>
      <ConsolePageHeader
        title={merchant.name}
        intro={merchant.id}
        actions={
          <>
            <a href={`/console/keys${query}`} className={buttonClass("secondary", "compact")}>
              {t.seeKeys}
            </a>
            <a href={`/console/balance${query}`} className={buttonClass("secondary", "compact")}>
              {t.seeBalance}
            </a>
            <a href={`/console/transactions${query}`} className={buttonClass("secondary", "compact")}>
              {t.seeTransactions}
            </a>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-xl font-bold">{t.settings}</h2>
          <MerchantSettingsForm
            merchantId={merchant.id}
            callbackUrl={merchant.callbackUrl}
            redirectOrigins={merchant.redirectOrigins}
            locale={locale}
            action={changeMerchantSettingsAction}
          />
        </Card>
        <Card>
          <h2 className="mb-4 text-xl font-bold">{t.modeTitle}</h2>
          <SwitchModeForm
            merchantId={merchant.id}
            mode={merchant.mode}
            locale={locale}
            action={switchMerchantModeAction}
          />
        </Card>
      </div>
    </>
  );
}
