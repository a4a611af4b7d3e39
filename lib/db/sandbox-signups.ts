import type { DbOrTx } from "./client";

export type SandboxSignupRecord = {
  id: string;
  email: string;
  emailDomain: string;
  merchantName: string;
  tokenHash: string | null;
  expiresAt: Date;
  confirmedAt: Date | null;
  merchantId: string | null;
  createdAt: Date;
};

export async function insertSandboxSignup(
  db: DbOrTx,
  signup: Pick<SandboxSignupRecord, "id" | "email" | "emailDomain" | "merchantName" | "tokenHash" | "expiresAt">,
): Promise<void> {
  await db.sandboxSignup.create({ data: signup });
}

/** Sign-ups asked for since `since`, for one address or for every address of one domain. */
export async function countSandboxSignupsSince(
  db: DbOrTx,
  of: { email: string } | { emailDomain: string },
  since: Date,
): Promise<number> {
  return db.sandboxSignup.count({ where: { ...of, createdAt: { gte: since } } });
}

export async function findSandboxSignupByTokenHash(db: DbOrTx, tokenHash: string): Promise<SandboxSignupRecord | null> {
  return db.sandboxSignup.findUnique({ where: { tokenHash } });
}

/** Uses the link once, before it expires: false when it was used (or raced) already, or expired. */
export async function markSandboxSignupConfirmed(
  db: DbOrTx,
  id: string,
  merchantId: string,
  at: Date,
): Promise<boolean> {
  const { count } = await db.sandboxSignup.updateMany({
    where: { id, confirmedAt: null, expiresAt: { gt: at } },
    data: { confirmedAt: at, merchantId },
  });
  return count === 1;
}
