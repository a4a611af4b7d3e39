"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { CONSOLE_LANG_COOKIE } from "@/lib/console/console-locale";
import { consoleClientIp, requireActor } from "@/lib/console/require-actor";
import { CONSOLE_HOME, safeReturnPath } from "@/lib/console/return-path";
import { SESSION_COOKIE, sessionCookieOptions } from "@/lib/console/session-cookie";
import { formText } from "@/lib/http/form-text";
import { formArguments, formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { endConsoleSession, endEveryConsoleSession } from "@/lib/sessions/end-console-session";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import type { LoginState } from "@/components/console/login-form";

export async function logIn(state: LoginState, form: FormData): Promise<LoginState> {
  parseActionArguments(formStateArguments, [state, form]);
  const result = await signInConsoleUser(
    { email: formText(form, "email"), password: formText(form, "password"), code: formText(form, "code") },
    { ip: await consoleClientIp(), userAgent: (await headers()).get("user-agent") },
  );
  if (result.status !== "signed_in") return result;
  (await cookies()).set(SESSION_COOKIE, result.token, sessionCookieOptions(result.absoluteExpiresAt));
  // The form's field is the client's to write: only a path of this console is followed.
  redirect(safeReturnPath(formText(form, "next")) ?? CONSOLE_HOME);
}

export async function logOut(form: FormData): Promise<void> {
  parseActionArguments(formArguments, [form]);
  await endConsoleSession(await requireActor());
  (await cookies()).delete({ name: SESSION_COOKIE, path: "/console" });
  redirect("/console/login?signedOut=1");
}

export async function logOutEverywhere(form: FormData): Promise<void> {
  parseActionArguments(formArguments, [form]);
  await endEveryConsoleSession(await requireActor());
  (await cookies()).delete({ name: SESSION_COOKIE, path: "/console" });
  redirect("/console/login?signedOut=1");
}

/** The language switch: kept for a year, on the console's paths only. */
export async function switchConsoleLanguage(form: FormData): Promise<void> {
  parseActionArguments(formArguments, [form]);
  const lang = formText(form, "lang") === "en" ? "en" : "pt-BR";
  (await cookies()).set(CONSOLE_LANG_COOKIE, lang, {
    path: "/console",
    maxAge: 365 * 24 * 3600,
    sameSite: "lax",
    secure: true,
    httpOnly: true,
  });
  // Back to the page the switch was on (same origin only: proxy.ts refused foreign form posts).
  const referer = URL.parse((await headers()).get("referer") ?? "");
  redirect(referer?.pathname.startsWith("/console") ? `${referer.pathname}${referer.search}` : "/console");
}
