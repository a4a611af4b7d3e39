// A known device: a browser that signed in to an account before, told by a cookie the gateway
// signed (issue 37). It spends a sign-in budget of its own (lib/users/spend-sign-in-attempt), so
// failures from addresses the user never used cannot lock that browser out. The cookie holds a
// random device id, its expiry and an HMAC-SHA-256 of both and of the account's e-mail hash, under
// a key derived from the server key: no row, and nothing an attacker can forge or move to another
// account. It grants no access, only that budget: the password and code are checked as ever.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "../config/config";
import { keyedHash } from "../crypto/derive-key";

export const DEVICE_COOKIE = "cashier_device";

const LIFETIME_DAYS = 90;

export type KnownDevice = { id: string; cookie: string; expires: Date };

function macOf(deviceId: string, expiresSeconds: number, accountKey: string): string {
  return keyedHash(
    getConfig().encryptionKeys.current.key,
    "console-device-cookie",
    `${deviceId}.${expiresSeconds}.${accountKey}`,
  );
}

/**
 * The device id a cookie names, when the gateway signed it for this account (the e-mail typed, as
 * its hash) and it has not expired; otherwise null, as for a browser never seen.
 */
export function readKnownDevice(cookie: string | undefined, accountKey: string, now: Date): string | null {
  const [deviceId, expires, mac, ...rest] = (cookie ?? "").split(".");
  if (rest.length || !/^[A-Za-z0-9_-]{22}$/.test(deviceId ?? "") || !/^\d{1,12}$/.test(expires ?? "")) return null;
  const expected = Buffer.from(macOf(deviceId, Number(expires), accountKey));
  const given = Buffer.from(mac ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now.getTime() ? deviceId : null;
}

/** The cookie after a sign-in: the same device again for another LIFETIME_DAYS, or a new one. */
export function issueKnownDevice(deviceId: string | null, accountKey: string, now: Date): KnownDevice {
  const id = deviceId ?? randomBytes(16).toString("base64url");
  const expiresSeconds = Math.floor(now.getTime() / 1000) + LIFETIME_DAYS * 24 * 3600;
  return {
    id,
    cookie: `${id}.${expiresSeconds}.${macOf(id, expiresSeconds, accountKey)}`,
    expires: new Date(expiresSeconds * 1000),
  };
}

/**
 * httpOnly and Secure like the session's; SameSite=Strict, since only the sign-in form, posted from
 * the console itself, needs it; on the console's paths only.
 */
export function deviceCookieOptions(expires: Date) {
  return { httpOnly: true, secure: true, sameSite: "strict" as const, path: "/console", expires };
}
