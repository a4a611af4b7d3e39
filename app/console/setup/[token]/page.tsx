import type { Metadata } from "next";
import { SetupPasswordForm, SetupTotpForm } from "@/components/console/setup-forms";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { unlessNotFound } from "@/lib/errors/unless-not-found";
import { authMessages } from "@/lib/i18n/console-auth";
import { renderQrCode } from "@/lib/pix/render-qr-code";
import { findSetupState } from "@/lib/users/setup-console-user";
import { enrolTotp, savePassword, skipTotp } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  // The link is a credential: keep it out of search engines and of other sites' Referer.
  return {
    title: authMessages[await getConsoleLocale()].setup.title,
    robots: { index: false },
    referrer: "no-referrer",
  };
}

export default async function SetupPage(props: { params: Promise<{ token: string }> }) {
  const { token } = await props.params;
  const words = authMessages[await getConsoleLocale()];
  const t = words.setup;
  const setup = await unlessNotFound(findSetupState(token));
  return (
    <div className="mx-auto max-w-lg">
      <Card className="grid gap-4">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        {!setup ? (
          <Alert tone="error">{t.invalid}</Alert>
        ) : (
          <>
            <p className="font-semibold" data-testid="setup-email">
              {setup.email}
            </p>
            {setup.step === "password" ? (
              <>
                <h2 className="text-xl font-bold">{t.passwordStep}</h2>
                <SetupPasswordForm action={savePassword.bind(null, token)} email={setup.email} words={t} />
              </>
            ) : (
              <>
                <h2 className="text-xl font-bold">{t.totpStep}</h2>
                <p>{setup.mayFinishWithoutTotp ? t.totpOptional : t.totpRequired}</p>
                <p>{t.scan}</p>
                {/* eslint-disable-next-line @next/next/no-img-element -- a data URI drawn on the server; nothing to optimise */}
                <img src={renderQrCode(setup.totpUri)} alt={t.qrAlt} width={240} height={240} className="mx-auto" />
                <p>
                  {t.secret}:{" "}
                  <code className="font-mono text-lg break-all" data-testid="totp-secret">
                    {setup.totpSecret}
                  </code>
                </p>
                <SetupTotpForm
                  action={enrolTotp.bind(null, token)}
                  skip={setup.mayFinishWithoutTotp ? skipTotp.bind(null, token) : undefined}
                  words={t}
                  loginWords={t.goToLogin}
                />
              </>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
