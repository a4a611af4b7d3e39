// Keys for one purpose each, derived from the server key (CASHIER_ENCRYPTION_KEY) with HKDF-SHA-256
// (RFC 5869): a derived key reveals neither the server key nor another purpose's key, so the key
// that hashes recovery codes is never the one that seals secrets.
import { createHmac, hkdfSync } from "node:crypto";

export type KeyPurpose = "recovery-code-hmac" | "console-device-cookie" | "key-id";

const derived = new WeakMap<Buffer, Map<KeyPurpose, Buffer>>();

export function deriveKey(serverKey: Buffer, purpose: KeyPurpose): Buffer {
  const keys = derived.get(serverKey) ?? new Map<KeyPurpose, Buffer>();
  derived.set(serverKey, keys);
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), `cashier ${purpose} v1`, 32));
    keys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA-256 (hex) of a value under the purpose's derived key. */
export function keyedHash(serverKey: Buffer, purpose: KeyPurpose, value: string): string {
  return createHmac("sha256", deriveKey(serverKey, purpose)).update(value).digest("hex");
}
