// Recovery codes: ten per user, shown once at setup, each signing in once in place of the
// authenticator's code. A code is 16 characters of Crockford's base32 (80 random bits), which
// leaves out i, l, o and u so that nothing reads as something else, shown in groups of four. What
// is stored is keyed under the server key (lib/crypto/derive-key), so a database read alone lets
// no one test guesses offline.
import { randomInt } from "node:crypto";
import { getConfig } from "../config/config";
import { keyedHash } from "../crypto/derive-key";
import { hashToken } from "../crypto/hash-token";
import type { DbOrTx } from "../db/client";
import { replaceRecoveryCodes } from "../db/console-users";

const COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const LENGTH = 16;

/**
 * What is stored of a code as typed (spaces, dashes and case ignored; i and l read as 1, o as 0,
 * as Crockford's base32 reads them): HMAC-SHA-256 of the code's SHA-256. The SHA-256 inside is
 * the form codes were stored in before, which the migration that introduced the key re-keyed in
 * place: codes issued before (ten letters and digits, taken as typed) sign in as they did.
 */
export function hashRecoveryCode(typed: string): string {
  return hashUnder(getConfig().encryptionKeys.current.key, typed);
}

function hashUnder(key: Buffer, typed: string): string {
  const code = typed.replace(/[\s-]/g, "").toLowerCase();
  const read = code.length === LENGTH ? code.replace(/[il]/g, "1").replace(/o/g, "0") : code;
  return keyedHash(key, "recovery-code-hmac", hashToken(read));
}

/**
 * What a typed code may be stored as: under the current key, or under a previous one for codes
 * issued before a rotation, which cannot be re-keyed (only their hash is kept) and so sign in
 * until the previous key is removed.
 */
export function recoveryCodeHashes(typed: string): string[] {
  const { current, previous } = getConfig().encryptionKeys;
  return [current, ...previous].map((sealing) => hashUnder(sealing.key, typed));
}

function newRecoveryCode(): string {
  const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return code.match(/.{4}/g)!.join("-");
}

/** Replaces the user's recovery codes with ten new ones and returns them, the only time they are readable. */
export async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}
