// The console's second factor: RFC 6238 codes (30 s, 6 digits, SHA-1: what every authenticator
// app reads from an otpauth:// QR), the secret sealed at rest with the user id bound to it.
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";
import { getConfig } from "../config/config";
import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import { totpAssociatedData } from "../db/sealed-values";

export const TOTP_ISSUER = "Cashier";

export function newTotpSecret(): string {
  return generateSecret();
}

/** What a user's sealed TOTP secret is bound to. */

export function sealTotpSecret(userId: string, secret: string): string {
  return encryptSecret(getConfig().encryptionKeys, secret, totpAssociatedData(userId));
}

export function openTotpSecret(userId: string, sealed: string): string {
  return decryptSecret(getConfig().encryptionKeys, sealed, totpAssociatedData(userId));
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The time step of a valid code (one step either side of now, for a phone clock a few seconds off), or null. */
export function matchTotpStep(secret: string, code: string, at: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({ secret, token: code, epoch: Math.floor(at.getTime() / 1000), epochTolerance: 30 });
  // otplib's one verifySync answers for HOTP too; a TOTP match carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** The code an authenticator shows now (tests and the e2e helper sign in with it). */
export function currentTotpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
