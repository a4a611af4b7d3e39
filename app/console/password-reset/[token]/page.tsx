import type { Metadata } from "next";
import Link from "next/link";
import { SetupPasswordForm } from "@/components/console/setup-forms";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { unlessNotFound } from "@/lib/errors/unless-not-found";
import { authMessages } from "@/lib/i18n/console-auth";
import { findPasswordResetEmail } from "@/lib/users/reset-console-password";
import { saveNewPassword } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  // The link is a credential: keep it out of search engines and of other sites' Referer.
  return {
    title: authMessages[await getConsoleLocale()].reset.title,
    robots: { index: false },
    referrer: "no-referrer",
  };
}

export default async function PasswordResetPage(props: { params: Promise<{ token: string }> }) {
  const { token } = await props.params;
  const t = authMessages[await getConsoleLocale()];
  const email = await unlessNotFound(findPasswordResetEmail(token));
  return (
    <div className="mx-auto max-w-lg">
      <Card className="grid gap-4">
        <h1 className="text-2xl font-bold">{t.reset.title}</h1>
        {email === null ? (
          <>
            <Alert tone="error">{t.reset.invalid}</Alert>
            <p>
              <Link href="/console/forgot-password" className="font-semibold text-brand-700 underline">
                {t.reset.askAgain}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="font-semibold" data-testid="reset-email">
              {email}
            </p>
            <p>{t.reset.intro}</p>
            <SetupPasswordForm
              action={saveNewPassword.bind(null, token)}
              email={email}
              words={{ ...t.setup, savePassword: t.reset.submit }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
