import type { DbOrTx } from "./client";

export type ConsoleUserRecord = {
  id: string;
  email: string;
  role: string;
  merchantId: string | null;
  passwordHash: string | null;
  totpSecretCiphertext: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  disabledAt: Date | null;
  createdAt: Date;
};

export async function insertConsoleUser(
  db: DbOrTx,
  user: {
    id: string;
    email: string;
    role: string;
    merchantId: string | null;
    passwordHash: string | null;
    totpSecretCiphertext: string;
  },
): Promise<ConsoleUserRecord> {
  return db.consoleUser.create({ data: user });
}

export async function findConsoleUserById(db: DbOrTx, id: string): Promise<ConsoleUserRecord | null> {
  return db.consoleUser.findUnique({ where: { id } });
}

export async function findConsoleUserByEmail(db: DbOrTx, email: string): Promise<ConsoleUserRecord | null> {
  return db.consoleUser.findUnique({ where: { email } });
}

export async function updateConsoleUser(
  db: DbOrTx,
  id: string,
  data: Partial<
    Pick<ConsoleUserRecord, "passwordHash" | "totpSecretCiphertext" | "totpEnabledAt" | "totpLastStep" | "disabledAt">
  >,
): Promise<ConsoleUserRecord> {
  return db.consoleUser.update({ where: { id }, data });
}

export async function insertSetupToken(
  db: DbOrTx,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.consoleSetupToken.create({ data: token });
}

export async function findSetupToken(db: DbOrTx, tokenHash: string) {
  return db.consoleSetupToken.findUnique({ where: { tokenHash } });
}

/** Uses the token once: false when it was used (or raced) already. */
export async function markSetupTokenUsed(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const { count } = await db.consoleSetupToken.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: at } });
  return count === 1;
}

/** Retires every unused setup link of a user (a new link replaces them). */
export async function retireSetupTokens(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.consoleSetupToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: at } });
}

export async function insertPasswordResetToken(
  db: DbOrTx,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.consolePasswordResetToken.create({ data: token });
}

export async function findPasswordResetToken(db: DbOrTx, tokenHash: string) {
  return db.consolePasswordResetToken.findUnique({ where: { tokenHash } });
}

/** Uses the reset link once: false when it was used, retired (or raced) already. */
export async function markPasswordResetTokenUsed(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const { count } = await db.consolePasswordResetToken.updateMany({
    where: { tokenHash, usedAt: null },
    data: { usedAt: at },
  });
  return count === 1;
}

/** Retires every unused reset link of a user (a new link, or a password set another way, replaces them). */
export async function retirePasswordResetTokens(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.consolePasswordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: at } });
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.consoleRecoveryCode.deleteMany({ where: { userId } });
  await db.consoleRecoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ codeHash, userId })) });
}

/** Whether a recovery code is this user's and unused, without using it. */
export async function hasUnusedRecoveryCode(db: DbOrTx, userId: string, codeHashes: string[]): Promise<boolean> {
  return (await db.consoleRecoveryCode.count({ where: { codeHash: { in: codeHashes }, userId, usedAt: null } })) > 0;
}

/** Uses a recovery code once: false when it is not this user's, or was used already. */
export async function markRecoveryCodeUsed(
  db: DbOrTx,
  userId: string,
  codeHashes: string[],
  at: Date,
): Promise<boolean> {
  const { count } = await db.consoleRecoveryCode.updateMany({
    where: { codeHash: { in: codeHashes }, userId, usedAt: null },
    data: { usedAt: at },
  });
  return count === 1;
}

/** Uses a TOTP time step: false when that step or a later one already signed in (a replay, or a race lost). */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const { count } = await db.consoleUser.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  return db.consoleRecoveryCode.count({ where: { userId, usedAt: null } });
}

/** Operators who can sign in (not disabled, password and authenticator set), but the one excluded. */
export async function countSignInOperators(db: DbOrTx, exceptUserId: string): Promise<number> {
  return db.consoleUser.count({
    where: {
      role: "operator",
      disabledAt: null,
      passwordHash: { not: null },
      totpEnabledAt: { not: null },
      id: { not: exceptUserId },
    },
  });
}

/** Every console user (null), or one merchant's, oldest first. */
export async function listConsoleUserRows(db: DbOrTx, merchantId: string | null): Promise<ConsoleUserRecord[]> {
  return db.consoleUser.findMany({
    where: merchantId === null ? {} : { merchantId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
