import type { Metadata } from "next";
import Link from "next/link";
import { LoginForm } from "@/components/console/login-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { CONSOLE_HOME, safeReturnPath } from "@/lib/console/return-path";
import { authMessages } from "@/lib/i18n/console-auth";
import { isSandboxSignupOn } from "@/lib/sandbox-signup/sandbox-signup-access";
import { logIn } from "../session-actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: authMessages[await getConsoleLocale()].login.title };
}

export default async function LoginPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = authMessages[await getConsoleLocale()];
  const { signedOut, passwordReset, next } = await props.searchParams;
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="mb-4 text-2xl font-bold">{t.login.title}</h1>
        {signedOut && (
          <Alert tone="success" className="mb-4">
            {t.login.loggedOut}
          </Alert>
        )}
        {passwordReset && (
          <Alert tone="success" role="status" className="mb-4">
            {t.login.passwordReset}
          </Alert>
        )}
        <LoginForm action={logIn} words={t.login} returnTo={safeReturnPath(next) ?? CONSOLE_HOME} />
        <p className="mt-4">
          <Link href="/console/forgot-password" className="font-semibold text-brand-700 underline">
            {t.login.forgot}
          </Link>
        </p>
        {isSandboxSignupOn() && (
          <p className="mt-2">
            {t.login.noAccount}{" "}
            <Link href="/console/signup" className="font-semibold text-brand-700 underline">
              {t.login.signUp}
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
