// A hosted payment's token is the customer's only credential for it (the /pay/{token} address).
// The database never holds it in clear: its SHA-256 is what a page is looked up by (192 random
// bits need no salt or stretching), and the token itself is sealed under the server key, bound to
// its deposit's id, for the answers that give the address again (a replayed Payment Initiation,
// a Gateway In link opened twice, the customer back from the bank).
import { randomBytes } from "node:crypto";
import { hashToken } from "./hash-token";
import type { KeyRing } from "./key-ring";
import { decryptSecret, encryptSecret } from "./secret-box";

export type StoredPayToken = { payTokenHash: string; payTokenSealed: string };

/** 24 random bytes, base64url: 32 characters in the address. */
export function newPayToken(): string {
  return randomBytes(24).toString("base64url");
}

/** What a page is looked up by; null for a value no token has the shape of (never looked up). */
export function payTokenHash(token: string): string | null {
  return /^[A-Za-z0-9_-]{16,64}$/.test(token) ? hashToken(token) : null;
}

/** What a deposit's sealed token is bound to. */
export const payTokenAssociatedData = (depositId: string) => `pay-token:${depositId}`;

export function storePayToken(keys: KeyRing, depositId: string, token: string): StoredPayToken {
  return {
    payTokenHash: hashToken(token),
    payTokenSealed: encryptSecret(keys, token, payTokenAssociatedData(depositId)),
  };
}

export function openPayToken(keys: KeyRing, depositId: string, sealed: string): string {
  return decryptSecret(keys, sealed, payTokenAssociatedData(depositId));
}
