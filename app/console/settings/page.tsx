import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MerchantSettingsForm } from "@/components/console/merchant-forms";
import { ConsolePageHeader } from "@/components/console/page-header";
import { TestCallbackButton } from "@/components/console/test-callback-button";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { findMerchantSettings } from "@/lib/merchants/find-merchant-settings";
import { settingsView } from "@/lib/merchants/settings-view";
import { changeMerchantSettingsAction, sendTestCallbackAction } from "../merchants/actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].settings.title };
}

// A merchant user's own settings, as lib/merchants/settings-view decides.
export default async function SettingsPage() {
  const actor = await requireActor();
  const view = settingsView(actor);
  if (view.kind === "redirect") redirect(view.to);
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.settings;
  const merchant = await findMerchantSettings(actor).catch(refusePage(actor, "/console/settings"));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-xl font-bold">
            {merchant.name}{" "}
            <Badge tone={merchant.mode === "live" ? "error" : "neutral"}>{words.common.modes[merchant.mode]}</Badge>
          </h2>
          {view.kind === "edit" ? (
            <MerchantSettingsForm {...merchant} locale={locale} action={changeMerchantSettingsAction} />
          ) : (
            <div className="space-y-4">
              <Alert tone="info">{t.viewerNote}</Alert>
              <dl className="space-y-3">
                <ReadOnlyField
                  label={words.merchants.callbackUrl}
                  value={<span className="wrap-anywhere">{merchant.callbackUrl ?? words.merchants.noCallbackUrl}</span>}
                  testId="callback-url"
                />
                <ReadOnlyField
                  label={words.merchants.redirectOrigins}
                  value={
                    merchant.redirectOrigins.length ? (
                      <ul className="wrap-anywhere">
                        {merchant.redirectOrigins.map((origin) => (
                          <li key={origin}>{origin}</li>
                        ))}
                      </ul>
                    ) : (
                      t.none
                    )
                  }
                />
              </dl>
            </div>
          )}
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-2 text-xl font-bold">{t.testTitle}</h2>
            <p className="mb-3">{t.testIntro}</p>
            {merchant.mode === "live" ? (
              <Alert tone="info">{t.testLiveNote}</Alert>
            ) : view.kind === "edit" ? (
              <TestCallbackButton t={t} action={sendTestCallbackAction} />
            ) : (
              <Alert tone="info">{t.testViewerNote}</Alert>
            )}
          </Card>
          <Card>
            <h2 className="mb-2 text-xl font-bold">{t.keysTitle}</h2>
            <p className="mb-3">{t.keysText}</p>
            <a href="/console/keys" className={buttonClass("secondary", "compact")}>
              {t.seeKeys}
            </a>
          </Card>
        </div>
      </div>
    </>
  );
}
