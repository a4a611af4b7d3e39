import { SignJWT } from "jose";

/** Lifetime of every token the gateway signs (the spec's samples use 60 s). */
const SIGNED_TOKEN_LIFETIME_SECONDS = 60;

/** HS256 with the merchant's key, `kid` and `typ` in the header, fresh iat and exp = iat + 60. */
export async function signToken(options: {
  keyId: string;
  secret: string;
  type: string;
  claims: Record<string, unknown>;
  now?: Date;
}): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT(options.claims)
    .setProtectedHeader({ alg: "HS256", typ: options.type, kid: options.keyId })
    .setIssuedAt(iat)
    .setExpirationTime(iat + SIGNED_TOKEN_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(options.secret));
}
