import { randomAlphanumeric } from "../ids/new-id";

/**
 * A Pix end-to-end id as the Central Bank's manual shapes it: E, the payer institution's ISPB
 * (8 digits), the date and time in UTC (yyyyMMddHHmm) and 11 letters and digits, 32 characters.
 * The sandbox gives its simulated payments one, so refunds and the operator see the same shape
 * as for a real Pix.
 */
export function newEndToEndId(ispb: string, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, "").slice(0, 12);
  return `E${ispb}${stamp}${randomAlphanumeric(11)}`;
}
