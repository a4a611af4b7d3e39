// Contract section 3: return_url, successRedirectUrl and failedRedirectUrl are absolute https URLs
// (plain http only for localhost, and only outside production), and within the merchant's
// registered origins when it has registered any, so the gateway is never an open redirect.
import { AppError } from "../errors/app-error";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why the URL cannot be a redirect target for this merchant, or null when it can. */
export function redirectUrlProblem(value: string, options: { allowedOrigins: string[]; isProduction: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL, such as https://shop.example/return";
  }
  const isLocalHttp = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(isLocalHttp && !options.isProduction)) {
    return options.isProduction || url.protocol !== "http:"
      ? "must use https"
      : "must use https (plain http is accepted only for localhost, outside production)";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (options.allowedOrigins.length > 0 && !options.allowedOrigins.includes(url.origin)) {
    return `must be on one of the merchant's registered origins (${options.allowedOrigins.join(", ")}), not ${url.origin}`;
  }
  return null;
}

/** Checks each named redirect URL; one validation error names every field that fails. */
export function assertRedirectUrls(
  urls: Record<string, string | undefined>,
  options: { allowedOrigins: string[]; isProduction: boolean },
): void {
  const fields = Object.entries(urls).flatMap(([path, value]) => {
    const problem = value === undefined ? null : redirectUrlProblem(value, options);
    return problem ? [{ path, message: problem }] : [];
  });
  if (fields.length > 0) {
    throw new AppError("validation_failed", fields.map((f) => `${f.path}: ${f.message}`).join("; "), fields);
  }
}
