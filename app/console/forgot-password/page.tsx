import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/console/forgot-password-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { authMessages } from "@/lib/i18n/console-auth";
import { isPasswordResetOffered } from "@/lib/users/request-password-reset";
import { askForPasswordReset } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: authMessages[await getConsoleLocale()].forgot.title };
}

export default async function ForgotPasswordPage() {
  const t = authMessages[await getConsoleLocale()].forgot;
  return (
    <div className="mx-auto max-w-md">
      <Card className="grid gap-4">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        {isPasswordResetOffered() ? (
          <>
            <p>{t.intro}</p>
            <ForgotPasswordForm action={askForPasswordReset} words={t} />
          </>
        ) : (
          <Alert tone="info">{t.noEmail}</Alert>
        )}
        <Link href="/console/login" className="font-semibold text-brand-700 underline">
          {t.backToLogin}
        </Link>
      </Card>
    </div>
  );
}
