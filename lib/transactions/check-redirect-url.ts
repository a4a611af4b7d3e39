// Contract section 3: return_url, successRedirectUrl and failedRedirectUrl are absolute https URLs
// with a host (plain http only for localhost, and only outside production), within the merchant's
// registered origins, so the gateway is never an open redirect. What is stored and used is the
// URL parser's own href: the raw text may carry what a Location header must not (CR, LF) or what a
// browser reads differently (`https:evil.example` is relative to the page in a Location header).
import { AppError } from "../errors/app-error";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type RedirectOptions = { allowedOrigins: string[]; isProduction: boolean };

/**
 * The URL a redirect may go to, or null. The parser silently drops tabs and line breaks inside a
 * URL, so they are refused in the text itself before it is parsed.
 */
export function parseRedirectUrl(value: string): URL | null {
  if (/[\u0000-\u0020\u007f]/.test(value) || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** Why the URL cannot be a redirect target for this merchant, or null when it can. */
export function redirectUrlProblem(value: string, options: RedirectOptions): string | null {
  if (/[\u0000-\u001f\u007f]/.test(value)) return "must not contain control characters (CR, LF, TAB…)";
  if (/\s/.test(value)) return "must not contain spaces; percent-encode them";
  const url = parseRedirectUrl(value);
  if (!url) {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)
      ? "must use https"
      : "must be an absolute URL with a host, such as https://shop.example/return";
  }
  const isLocalHttp = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(isLocalHttp && !options.isProduction)) {
    return options.isProduction
      ? "must use https"
      : "must use https (plain http is accepted only for localhost, outside production)";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (options.allowedOrigins.length === 0) {
    // In production an unregistered merchant could send customers anywhere: it registers first.
    return options.isProduction
      ? "the merchant has no registered redirect origins; a merchant admin registers them in the console's settings (/console/settings), or an operator with `npm run -s cashier -- merchant update MERCHANT_ID --redirect-origin https://…`"
      : null;
  }
  if (!options.allowedOrigins.includes(url.origin)) {
    return `must be on one of the merchant's registered origins (${options.allowedOrigins.join(", ")}), not ${url.origin}`;
  }
  return null;
}

/**
 * Checks each named redirect URL and answers their normalised forms, the only ones to store; one
 * validation error names every field that fails.
 */
export function checkRedirectUrls<K extends string>(
  urls: Record<K, string | undefined>,
  options: RedirectOptions,
): Record<K, string | undefined> {
  const entries = Object.entries(urls) as [K, string | undefined][];
  const fields = entries.flatMap(([path, value]) => {
    const problem = value === undefined ? null : redirectUrlProblem(value, options);
    return problem ? [{ path, message: problem }] : [];
  });
  if (fields.length > 0) {
    throw new AppError("validation_failed", fields.map((f) => `${f.path}: ${f.message}`).join("; "), fields);
  }
  return Object.fromEntries(
    entries.map(([path, value]) => [path, value === undefined ? undefined : parseRedirectUrl(value)?.href]),
  ) as Record<K, string | undefined>;
}
