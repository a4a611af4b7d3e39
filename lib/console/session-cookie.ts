// The console's session cookie. httpOnly (no script reads it), Secure (never sent over plain
// HTTP; browsers treat http://localhost and 127.0.0.1 as secure, so local runs work), SameSite=Lax
// (sent on a link into the console from elsewhere, never on another site's form post or fetch;
// server actions also check Origin), Path=/console. It expires at the session's absolute expiry;
// the idle expiry lives in the database.
export const SESSION_COOKIE = "cashier_console";

export function sessionCookieOptions(expires: Date) {
  return { httpOnly: true, secure: true, sameSite: "lax" as const, path: "/console", expires };
}
