import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Random lowercase letters and digits; 20 characters carry about 103 bits. */
export function randomAlphanumeric(length: number): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps the draw uniform.
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

/** `mer_…`, `dep_…`, `po_…`: a prefix says what an id names. */
export function newId(prefix: string): string {
  return `${prefix}_${randomAlphanumeric(20)}`;
}

/** Whether a value from outside (an address, a form) can be an id newId made with this prefix. */
export function isIdOf(prefix: string, value: string): boolean {
  return (
    value.length === prefix.length + 21 && value.startsWith(`${prefix}_`) && /^[0-9a-z]{20}$/.test(value.slice(-20))
  );
}
