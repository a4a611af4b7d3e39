import { SignJWT } from "jose";

/** HS256 with the merchant's key, `kid` and `typ` in the header, a fresh iat and exp = iat + the lifetime. */
export async function signToken(options: {
  keyId: string;
  secret: string;
  type: string;
  lifetimeSeconds: number;
  claims: Record<string, unknown>;
  now?: Date;
}): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT(options.claims)
    .setProtectedHeader({ alg: "HS256", typ: options.type, kid: options.keyId })
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.lifetimeSeconds)
    .sign(new TextEncoder().encode(options.secret));
}
