// A request token built by hand with node:crypto's HMAC, for payloads jose will not sign (very deep
// nesting overflows its stack): the claims are given as the exact JSON text to sign.
import { createHmac } from "node:crypto";

const b64 = (text: string) => Buffer.from(text).toString("base64url");

export function signRawToken(options: { keyId: string; secret: string; claimsJson: string }): string {
  const input = `${b64(JSON.stringify({ alg: "HS256", kid: options.keyId }))}.${b64(options.claimsJson)}`;
  return `${input}.${createHmac("sha256", options.secret).update(input).digest("base64url")}`;
}

/** The usual claims (iat now, exp a minute later) around data given as JSON text. */
export function claimsAround(dataJson: string, extra: Record<string, unknown> = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const head = JSON.stringify({ iat, exp: iat + 60, ...extra });
  return `${head.slice(0, -1)},"data":${dataJson}}`;
}
