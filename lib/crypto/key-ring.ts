// The encryption keys a process holds: the current one (CASHIER_ENCRYPTION_KEY), which seals every
// new value, and the previous ones (CASHIER_ENCRYPTION_PREVIOUS_KEYS), which only open what they
// sealed until `keys reseal` has moved it. Each key is known by an id that names it in sealed
// values, logs and refusals without revealing it.
import { deriveKey } from "./derive-key";

export type SealingKey = { id: string; key: Buffer };

export type KeyRing = { current: SealingKey; previous: SealingKey[] };

/**
 * 16 hex digits of an HKDF output under the key: one-way, so the id reveals nothing of the key,
 * and 64 bits, so two keys of one deployment never share one.
 */
export function keyIdOf(key: Buffer): string {
  return deriveKey(key, "key-id").subarray(0, 8).toString("hex");
}

/** The ring of a current key and the previous ones; a previous key equal to the current is left out. */
export function makeKeyRing(current: Buffer, previous: Buffer[] = []): KeyRing {
  const currentKey = { id: keyIdOf(current), key: current };
  const previousKeys = previous
    .map((key) => ({ id: keyIdOf(key), key }))
    .filter((key, index, all) => key.id !== currentKey.id && all.findIndex((other) => other.id === key.id) === index);
  return { current: currentKey, previous: previousKeys };
}

/** Every key of the ring, the current first. */
export const ringKeys = (ring: KeyRing): SealingKey[] => [ring.current, ...ring.previous];
