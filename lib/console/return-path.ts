// Where sign-in returns a browser that was sent to the login page: the console page it asked for,
// carried in the login page's address. The value comes from an address anyone can write, so only
// a path of this origin under /console is kept; anything else (another host written as `//host`
// or `/\host`, an absolute URL, a control character, the login or setup pages) is the overview.

export const CONSOLE_HOME = "/console";

/** The request header proxy.ts sets to the console path a request asked for. */
export const CONSOLE_PATH_HEADER = "x-console-path";

const MAX_RETURN_PATH = 2048;
// A placeholder origin to resolve against: a value that leaves it names another origin.
const BASE = "http://return.invalid";

/** The same-origin console path `value` asks for, normalised, or null when it is not one. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines: `/\evil.com` is `//evil.com`.
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f-\u009f\s]/.test(value)) return null;
  const url = URL.parse(value, BASE);
  if (!url || url.origin !== BASE) return null;
  const { pathname, search } = url;
  if (pathname !== CONSOLE_HOME && !pathname.startsWith(`${CONSOLE_HOME}/`)) return null;
  // Returning to the pages of signing in (login, setup, a forgotten password) would only loop.
  if (/^\/console\/(login|setup|forgot-password|password-reset)(\/|$)/.test(pathname)) return null;
  return `${pathname}${search}`;
}

/** The login page's address for a browser that asked for `requested` (the overview needs no return). */
export function loginPathFor(requested: string | null): string {
  const path = safeReturnPath(requested);
  return path && path !== CONSOLE_HOME ? `/console/login?next=${encodeURIComponent(path)}` : "/console/login";
}
