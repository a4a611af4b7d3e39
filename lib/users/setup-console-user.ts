// The one-time setup link: set a password (unless the CLI set one), then enrol the authenticator
// (operators must; merchant users may skip it), then the recovery codes are shown once and the
// link is used up. Every step checks the link again: expired or used, it opens nothing.
import { recordAuditEvent } from "../audit/record-audit-event";
import { hashToken } from "../crypto/hash-token";
import { type DbOrTx, getDb } from "../db/client";
import {
  type ConsoleUserRecord,
  findConsoleUserById,
  findSetupToken,
  markSetupTokenUsed,
  updateConsoleUser,
} from "../db/console-users";
import { AppError } from "../errors/app-error";
import { hashNewPassword } from "./hash-new-password";
import { issueRecoveryCodes } from "./recovery-codes";
import { totpCodeSchema } from "./schemas";
import { matchTotpStep, openTotpSecret, totpUri } from "./totp";

export type SetupState = {
  email: string;
  role: string;
  step: "password" | "totp";
  /** Operators cannot finish without an authenticator. */
  mayFinishWithoutTotp: boolean;
  totpSecret: string;
  totpUri: string;
};

/** The user acting on their own account through a link of theirs (setup or reset), without a session. */
export const setupActor = (user: ConsoleUserRecord) => ({
  userId: user.id,
  email: user.email,
  role: user.role,
  sessionId: null,
});

async function openSetup(db: DbOrTx, token: string, now: Date): Promise<ConsoleUserRecord> {
  const row = await findSetupToken(db, hashToken(token));
  const user = row && !row.usedAt && row.expiresAt > now ? await findConsoleUserById(db, row.userId) : null;
  // One answer for unknown, used, expired and disabled: the link simply does not work.
  if (!user || user.disabledAt || !user.totpSecretCiphertext)
    throw new AppError("not_found", "this setup link is not valid: ask an operator for a new one");
  return user;
}

export async function findSetupState(token: string, now: Date = new Date()): Promise<SetupState> {
  const user = await openSetup(getDb(), token, now);
  const secret = openTotpSecret(user.id, user.totpSecretCiphertext!);
  return {
    email: user.email,
    role: user.role,
    step: user.passwordHash ? "totp" : "password",
    mayFinishWithoutTotp: user.role !== "operator",
    totpSecret: secret,
    totpUri: totpUri(user.email, secret),
  };
}

export async function setSetupPassword(
  token: string,
  input: { password: string; confirmation: string },
  ip: string | null,
  now: Date = new Date(),
): Promise<void> {
  const passwordHash = await hashNewPassword(input);
  await getDb().$transaction(async (tx) => {
    const user = await openSetup(tx, token, now);
    if (user.passwordHash)
      throw new AppError("state_conflict", "the password is set already: go on to the authenticator");
    await updateConsoleUser(tx, user.id, { passwordHash });
    await recordAuditEvent(tx, {
      actor: setupActor(user),
      action: "user.password_set",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip,
    });
  });
}

/** Verifies a code from the newly enrolled app, turns the second factor on and returns the recovery codes (shown once). */
export async function confirmSetupTotp(
  token: string,
  code: string,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const digits = totpCodeSchema.parse(code);
  return getDb().$transaction(async (tx) => {
    const user = await openSetup(tx, token, now);
    if (!user.passwordHash) throw new AppError("state_conflict", "set the password first");
    const step = matchTotpStep(openTotpSecret(user.id, user.totpSecretCiphertext!), digits, now);
    if (step === null) {
      throw new AppError(
        "validation_failed",
        "code: does not match the app; check the phone's clock and try the next code",
        [{ path: "code", message: "does not match the app" }],
      );
    }
    if (!(await markSetupTokenUsed(tx, hashToken(token), now)))
      throw new AppError("not_found", "this setup link is not valid: ask an operator for a new one");
    // The code that enrolled is used up too (RFC 6238 section 5.2): the first sign-in takes the next one.
    await updateConsoleUser(tx, user.id, { totpEnabledAt: now, totpLastStep: step });
    const recoveryCodes = await issueRecoveryCodes(tx, user.id);
    await recordAuditEvent(tx, {
      actor: setupActor(user),
      action: "user.totp_enrolled",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip,
    });
    return { recoveryCodes };
  });
}

/** A merchant user who declines the authenticator: the link is used up with the password set. */
export async function finishSetupWithoutTotp(token: string, ip: string | null, now: Date = new Date()): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const user = await openSetup(tx, token, now);
    if (!user.passwordHash) throw new AppError("state_conflict", "set the password first");
    if (user.role === "operator") throw new AppError("forbidden", "operators must enrol an authenticator");
    if (!(await markSetupTokenUsed(tx, hashToken(token), now)))
      throw new AppError("not_found", "this setup link is not valid: ask an operator for a new one");
    await recordAuditEvent(tx, {
      actor: setupActor(user),
      action: "user.setup_finished_without_totp",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip,
    });
  });
}
