"use server";
import { cookies, headers } from "next/headers";
import type { Actor } from "@/lib/access/actor";
import { consoleAction, publicConsoleAction, redirectTo } from "@/lib/console/console-action";
import { CONSOLE_LANG_COOKIE } from "@/lib/console/console-locale";
import { consoleClientIp } from "@/lib/console/require-actor";
import { CONSOLE_HOME, safeReturnPath } from "@/lib/console/return-path";
import { SESSION_COOKIE, sessionCookieOptions } from "@/lib/console/session-cookie";
import { formText } from "@/lib/http/form-text";
import { formArguments } from "@/lib/http/action-arguments";
import { endConsoleSession, endEveryConsoleSession } from "@/lib/sessions/end-console-session";
import { consoleRoleSchema } from "@/lib/users/schemas";
import { DEVICE_COOKIE, deviceCookieOptions } from "@/lib/users/known-device";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import type { LoginState } from "@/components/console/login-form";

// Sign-in answers every failure itself (LoginState): anything thrown is unexpected.
export const logIn = publicConsoleAction<LoginState>({ refusal: "throw" }, async (_state, form) => {
  const jar = await cookies();
  const result = await signInConsoleUser(
    { email: formText(form, "email"), password: formText(form, "password"), code: formText(form, "code") },
    {
      ip: await consoleClientIp(),
      userAgent: (await headers()).get("user-agent"),
      deviceCookie: jar.get(DEVICE_COOKIE)?.value,
    },
  );
  if (result.status !== "signed_in") return result;
  jar.set(SESSION_COOKIE, result.token, sessionCookieOptions(result.absoluteExpiresAt));
  jar.set(DEVICE_COOKIE, result.device.cookie, deviceCookieOptions(result.device.expires));
  // The form's field is the client's to write: only a path of this console is followed.
  return redirectTo(safeReturnPath(formText(form, "next")) ?? CONSOLE_HOME);
});

/** Signing out, of this browser or of every one: a plain form, so a refusal has no state to show. */
const signOut = (name: string, end: (actor: Actor) => Promise<unknown>) =>
  consoleAction<void, typeof formArguments>(
    { name, roles: consoleRoleSchema.options, args: formArguments, refusal: "throw" },
    async (actor) => {
      await end(actor);
      (await cookies()).delete({ name: SESSION_COOKIE, path: "/console" });
      return redirectTo("/console/login?signedOut=1");
    },
  );

export const logOut = signOut("session.sign_out", endConsoleSession);

export const logOutEverywhere = signOut("session.sign_out_everywhere", endEveryConsoleSession);

/** The language switch: kept for a year, on the console's paths only. */
export const switchConsoleLanguage = publicConsoleAction<void, typeof formArguments>(
  { args: formArguments, refusal: "throw" },
  async (form) => {
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
    return redirectTo(referer?.pathname.startsWith("/console") ? `${referer.pathname}${referer.search}` : "/console");
  },
);
