// Contract section 2: HS256 only, the key named by kid, iat and exp required, exp - iat at most
// 300 s, 30 s of clock tolerance either way, optional iss/aud checked when present, data an object,
// an optional jti used once. Claims are checked after the signature, so an unsigned caller learns
// nothing about keys beyond "unknown" or "revoked".
import type { SigningKey } from "../merchants/find-signing-key";
import { compactVerify, decodeProtectedHeader, errors as joseErrors, type ProtectedHeaderParameters } from "jose";
import { AppError } from "../errors/app-error";
import { findJsonProblem } from "../text/find-json-problem";
import { gatewayTokenTypes } from "./token-types";

export const MAX_TOKEN_LIFETIME_SECONDS = 300;
export const CLOCK_TOLERANCE_SECONDS = 30;
/** As seconds, the year 5138; as milliseconds, 1973: no token of ours was signed on either side of it. */
const MILLISECONDS_THRESHOLD = 1e11;

export type VerifiedRequest<K extends SigningKey> = {
  key: K;
  claims: Record<string, unknown>;
  /** Verified merchant instruction, not yet validated against the operation's schema. */
  data: Record<string, unknown>;
};

export type VerifyDependencies<K extends SigningKey> = {
  findKey: (keyId: string) => Promise<K | null>;
  /** False when the jti was already used with this key. */
  claimJti: (entry: { keyId: string; jti: string; expiresAt: Date }) => Promise<boolean>;
  audience: string;
  now: Date;
};

function readHeader(token: string): ProtectedHeaderParameters {
  if (token.split(".").length !== 3) {
    throw new AppError(
      "token_malformed",
      "the token is not a compact JWS: expected three base64url parts separated by dots",
    );
  }
  try {
    return decodeProtectedHeader(token);
  } catch {
    throw new AppError("token_malformed", "the token header is not base64url-encoded JSON");
  }
}

/** The kid a token names, before anything about it is verified: only to count its failures. */
export function unverifiedKeyId(token: string): string | null {
  try {
    const { kid } = readHeader(token);
    return typeof kid === "string" && /^[\x21-\x7e]{1,100}$/.test(kid) ? kid : null;
  } catch {
    return null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

export async function verifyRequestToken<K extends SigningKey>(
  token: string,
  deps: VerifyDependencies<K>,
): Promise<VerifiedRequest<K>> {
  const header = readHeader(token);
  if (header.alg !== "HS256") {
    throw new AppError("algorithm_not_allowed", `alg "${String(header.alg)}" is not allowed; sign with HS256`);
  }
  if (typeof header.typ === "string" && gatewayTokenTypes.includes(header.typ.toLowerCase())) {
    throw new AppError(
      "token_type_not_allowed",
      `typ "${header.typ}" marks a token this gateway issued (a response or a callback); sign a new request token instead`,
    );
  }
  if (typeof header.kid !== "string" || header.kid === "") {
    throw new AppError("key_missing", 'the token header has no "kid"; set it to your keyId (mk_test_… or mk_live_…)');
  }
  // Key ids are printable ASCII; anything else is no key of ours (and PostgreSQL refuses NUL).
  if (!/^[\x21-\x7e]{1,100}$/.test(header.kid))
    throw new AppError("key_unknown", "no such key; check the keyId in the kid header");
  const key = await deps.findKey(header.kid);
  if (!key) throw new AppError("key_unknown", `no key "${header.kid}"; check the keyId in the kid header`);
  if (key.revokedAt) {
    throw new AppError(
      "key_revoked",
      `key ${key.keyId} was revoked at ${key.revokedAt.toISOString()}; use an active key`,
    );
  }

  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, new TextEncoder().encode(key.secret), { algorithms: ["HS256"] }));
  } catch (error) {
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new AppError(
        "signature_invalid",
        `signature does not match key ${key.keyId}; sign with that key's secret, used as the UTF-8 text shown when the key was created (not base64-decoded)`,
      );
    }
    throw new AppError("token_malformed", "the token could not be decoded as a JWS");
  }

  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    throw new AppError("token_malformed", "the token payload is not JSON");
  }
  if (!isPlainObject(claims)) throw new AppError("claims_invalid", "the token payload must be a JSON object of claims");
  for (const [name, value] of Object.entries(claims)) {
    const problem = findJsonProblem(value, name);
    if (problem) throw new AppError("claims_invalid", `${problem.path} ${problem.message}`);
  }

  const { iat, exp, nbf, iss, aud, jti, data } = claims;
  for (const [name, value] of [
    ["iat", iat],
    ["exp", exp],
  ] as const) {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new AppError("claims_invalid", `${name} is required and must be a number of seconds since the epoch`);
    }
  }
  for (const [name, value] of [
    ["iat", iat],
    ["exp", exp],
  ] as const) {
    if ((value as number) > MILLISECONDS_THRESHOLD) {
      throw new AppError(
        "claims_invalid",
        `${name} ${String(value)} looks like milliseconds; iat and exp are seconds since the epoch (divide by 1000)`,
      );
    }
  }
  const issuedAt = iat as number;
  const expiresAt = exp as number;
  const now = deps.now.getTime() / 1000;
  if (expiresAt <= issuedAt) throw new AppError("claims_invalid", "exp must be after iat");
  const lifetime = Math.round(expiresAt - issuedAt);
  if (expiresAt - issuedAt > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new AppError(
      "token_lifetime_too_long",
      `exp is ${lifetime} s after iat; at most ${MAX_TOKEN_LIFETIME_SECONDS} s allowed`,
    );
  }
  if (now > expiresAt + CLOCK_TOLERANCE_SECONDS) {
    throw new AppError(
      "token_expired",
      `token expired ${Math.floor(now - expiresAt)} s ago; sign a new one for each request`,
    );
  }
  if (issuedAt > now + CLOCK_TOLERANCE_SECONDS) {
    throw new AppError(
      "token_not_yet_valid",
      `iat is ${Math.ceil(issuedAt - now)} s in the future; clocks may differ by at most ${CLOCK_TOLERANCE_SECONDS} s (check the server clock)`,
    );
  }
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > now + CLOCK_TOLERANCE_SECONDS)) {
    throw new AppError("token_not_yet_valid", "nbf is in the future or not a number");
  }
  if (iss !== undefined && iss !== key.merchantId) {
    throw new AppError("issuer_invalid", `iss must be your merchant id ${key.merchantId} when present`);
  }
  if (aud !== undefined) {
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (!audiences.includes(deps.audience)) {
      throw new AppError("audience_invalid", `aud must be "${deps.audience}" when present`);
    }
  }
  if (!isPlainObject(data)) {
    throw new AppError(
      "claims_invalid",
      data === undefined
        ? "data is required: an object holding the operation's fields"
        : `data must be an object; got ${describe(data)}`,
    );
  }
  if (jti !== undefined) {
    if (typeof jti !== "string" || jti === "" || jti.length > 200) {
      throw new AppError("claims_invalid", "jti must be a non-empty string of at most 200 characters");
    }
    // Kept until the token could no longer verify, tolerance included.
    const keepUntil = new Date((expiresAt + CLOCK_TOLERANCE_SECONDS) * 1000);
    if (!(await deps.claimJti({ keyId: key.keyId, jti, expiresAt: keepUntil }))) {
      throw new AppError("jti_replayed", `jti "${jti}" was already used; give every request a new jti`);
    }
  }
  return { key, claims, data };
}
