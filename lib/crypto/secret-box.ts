// Secrets at rest: AES-256-GCM under the server's CASHIER_ENCRYPTION_KEY, so a database dump alone
// does not let anyone sign. The caller's associated data (a key id, an account id) is bound to
// each value: a ciphertext copied onto another row does not open.
//
// `v2.<keyId>.<iv>.<tag>.<ciphertext>` names the key that sealed it (lib/crypto/key-ring), also
// bound as associated data, so a value is opened by that key alone and `keys reseal` knows what is
// left to move. `v1.<iv>.<tag>.<ciphertext>`, from before keys had ids, is tried with each key.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { type KeyRing, ringKeys } from "./key-ring";

/** The key that sealed a value is neither the current nor a previous one. */
export class UnknownSealingKeyError extends Error {
  constructor(readonly keyId: string | null) {
    super(
      keyId === null
        ? "the secret does not open with any configured encryption key"
        : `the secret was sealed under encryption key ${keyId}, which is not configured`,
    );
    this.name = "UnknownSealingKeyError";
  }
}

const boundData = (keyId: string, associatedData: string) => Buffer.from(`v2.${keyId}.${associatedData}`);

/** Seals under the ring's current key. */
export function encryptSecret(keys: KeyRing, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current.key, iv);
  cipher.setAAD(boundData(keys.current.id, associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v2",
    keys.current.id,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

function open(key: Buffer, aad: Buffer, iv: string, tag: string, ciphertext: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** The id a v2 value names; null for a v1 value, whose key is known only once it opens. */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split(".");
  return version === "v2" && keyId ? keyId : null;
}

/**
 * The plaintext and the id of the key that opened it. Throws UnknownSealingKeyError when no key of
 * the ring is the one, and an error of the cipher when the value was altered.
 */
export function openSecret(
  keys: KeyRing,
  sealed: string,
  associatedData: string,
): { plaintext: string; keyId: string } {
  const parts = sealed.split(".");
  if (parts[0] === "v2" && parts.length === 5 && parts.every(Boolean)) {
    const [, keyId, iv, tag, ciphertext] = parts;
    const key = ringKeys(keys).find((candidate) => candidate.id === keyId);
    if (!key) throw new UnknownSealingKeyError(keyId);
    return { plaintext: open(key.key, boundData(keyId, associatedData), iv, tag, ciphertext), keyId };
  }
  if (parts[0] === "v1" && parts.length === 4 && parts.every(Boolean)) {
    const [, iv, tag, ciphertext] = parts;
    for (const key of ringKeys(keys)) {
      try {
        return { plaintext: open(key.key, Buffer.from(associatedData), iv, tag, ciphertext), keyId: key.id };
      } catch {
        // Sealed under another key of the ring, or under none: the next one is tried.
      }
    }
    throw new UnknownSealingKeyError(null);
  }
  throw new Error("Unknown secret format");
}

export function decryptSecret(keys: KeyRing, sealed: string, associatedData: string): string {
  return openSecret(keys, sealed, associatedData).plaintext;
}
