import type { DbOrTx } from "../db/client";
import { replaceRecoveryCodes } from "../db/console-users";
import { hashToken } from "../crypto/hash-token";
import { randomAlphanumeric } from "../ids/new-id";

const COUNT = 10;

/** "abcde-fghij": 50 bits each, shown once, typed with or without the dash. */
export function formatRecoveryCode(raw: string): string {
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Replaces the user's recovery codes with ten new ones and returns them, the only time they are readable. */
export async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const raw = Array.from({ length: COUNT }, () => randomAlphanumeric(10));
  await replaceRecoveryCodes(db, userId, raw.map(hashToken));
  return raw.map(formatRecoveryCode);
}
