import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConfirmSignupForm } from "@/components/console/signup-forms";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { signupMessages } from "@/lib/i18n/sandbox-signup";
import { findSandboxSignup } from "@/lib/sandbox-signup/find-sandbox-signup";
import { isSandboxSignupOn } from "@/lib/sandbox-signup/sandbox-signup-access";
import { confirmSignup } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  // The link is a credential: keep it out of search engines and of other sites' Referer.
  return {
    title: signupMessages[await getConsoleLocale()].confirm.title,
    robots: { index: false },
    referrer: "no-referrer",
  };
}

export default async function ConfirmSignupPage(props: { params: Promise<{ token: string }> }) {
  if (!isSandboxSignupOn()) notFound();
  const { token } = await props.params;
  const locale = await getConsoleLocale();
  const t = signupMessages[locale].confirm;
  const signup = await findSandboxSignup(token);
  return (
    <div className="mx-auto max-w-lg">
      <Card className="grid gap-4">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        {signup.status === "open" ? (
          <>
            <p>{t.intro}</p>
            <dl className="grid gap-2">
              <div>
                <dt>{t.merchant}</dt>
                <dd className="font-semibold break-words">{signup.merchantName}</dd>
              </div>
              <div>
                <dt>{t.email}</dt>
                <dd className="font-semibold break-words" data-testid="signup-email">
                  {signup.email}
                </dd>
              </div>
            </dl>
            <ConfirmSignupForm locale={locale} action={confirmSignup.bind(null, token)} />
          </>
        ) : signup.status === "used" ? (
          <>
            <Alert tone="info" role="status" data-testid="signup-used">
              {t.used}
            </Alert>
            <ButtonLink href="/console/login">{signupMessages[locale].login}</ButtonLink>
          </>
        ) : (
          <>
            <Alert tone="error" data-testid="signup-invalid">
              {t.invalid}
            </Alert>
            <ButtonLink href="/console/signup">{t.again}</ButtonLink>
          </>
        )}
      </Card>
    </div>
  );
}
