import { cookies, headers } from "next/headers";
import { type Locale, resolveLocale } from "../i18n/messages";

/** The console's language cookie, set by the language switch. */
export const CONSOLE_LANG_COOKIE = "cashier_console_lang";

/** The language chosen in the console, else the browser's preference (Portuguese unless it prefers English). */
export async function getConsoleLocale(): Promise<Locale> {
  return resolveLocale((await cookies()).get(CONSOLE_LANG_COOKIE)?.value, (await headers()).get("accept-language"));
}
