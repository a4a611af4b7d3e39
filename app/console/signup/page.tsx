import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SignupForm } from "@/components/console/signup-forms";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { signupMessages } from "@/lib/i18n/sandbox-signup";
import { isSandboxSignupOn } from "@/lib/sandbox-signup/sandbox-signup-access";
import { requestSignup } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: signupMessages[await getConsoleLocale()].title };
}

export default async function SignupPage() {
  if (!isSandboxSignupOn()) notFound();
  const locale = await getConsoleLocale();
  const t = signupMessages[locale];
  return (
    <div className="mx-auto grid max-w-lg gap-4">
      <Card className="grid gap-4">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p>{t.intro}</p>
        <SignupForm locale={locale} action={requestSignup} />
      </Card>
      <p className="text-center">
        {t.haveAccount}{" "}
        <a href="/console/login" className="font-semibold underline">
          {t.login}
        </a>
      </p>
    </div>
  );
}
