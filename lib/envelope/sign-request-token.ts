import { SignJWT } from "jose";

/**
 * What a merchant's integration does for every call: HS256, kid = keyId, iat now, exp 60 s later.
 * Used by `npm run sign`, the tests and the benchmarks, as a merchant's SDK would.
 */
export async function signRequestToken(options: {
  keyId: string;
  secret: string;
  data: unknown;
  lifetimeSeconds?: number;
  jti?: string;
  now?: Date;
}): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const jwt = new SignJWT({ data: options.data })
    .setProtectedHeader({ alg: "HS256", kid: options.keyId })
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetimeSeconds ?? 60));
  if (options.jti) jwt.setJti(options.jti);
  return jwt.sign(new TextEncoder().encode(options.secret));
}
