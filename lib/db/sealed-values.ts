// Every column that holds a value sealed under the encryption key (lib/crypto/secret-box), read
// and rewritten generically for `keys reseal` and `keys status`. Raw SQL, so a re-sealed value
// does not move a row's updatedAt: a deposit's updated_at is part of its status answer.
import { payTokenAssociatedData } from "../crypto/pay-token";
import type { DbOrTx } from "./client";
import { Prisma } from "./generated/sqlite/client";

/** The table and its sealed column; each row's associated data is below. */
export const SEALED_COLUMNS = {
  ApiKey: "secretCiphertext",
  Transaction: "payTokenSealed",
  ConsoleUser: "totpSecretCiphertext",
  ProviderAccount: "secretsCiphertext",
} as const;

export type SealedTable = keyof typeof SEALED_COLUMNS;

export type SealedRow = { id: string; sealed: string };

/** A console user's authenticator secret is bound to the user (lib/users/totp). */
export const totpAssociatedData = (userId: string) => `console-totp:${userId}`;

/**
 * What each sealed column's values are bound to (their associated data), as the code that seals
 * them binds it: `keys reseal` opens and seals them again under the same.
 */
export const sealedAssociatedData: Record<SealedTable, (id: string) => string> = {
  // A merchant key's secret is bound to its key id (lib/merchants/issue-api-key).
  ApiKey: (id) => id,
  Transaction: payTokenAssociatedData,
  ConsoleUser: totpAssociatedData,
  // A provider account's secrets are bound to its id (lib/providers/accounts/provider-account-secrets).
  ProviderAccount: (id) => id,
};

const table = (name: SealedTable) => Prisma.raw(`"${name}"`);
const column = (name: SealedTable) => Prisma.raw(`"${SEALED_COLUMNS[name]}"`);

/** Every row with a sealed value, a page at a time in id order (keyset pages: rows may change meanwhile). */
export async function* readSealedValues(db: DbOrTx, name: SealedTable, pageSize = 200): AsyncGenerator<SealedRow[]> {
  let afterId = "";
  for (;;) {
    const rows = await db.$queryRaw<SealedRow[]>`
      SELECT "id", ${column(name)} AS "sealed" FROM ${table(name)}
      WHERE ${column(name)} IS NOT NULL AND "id" > ${afterId}
      ORDER BY "id" LIMIT ${pageSize}`;
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

/** The most recently created row's sealed value, if the table has one. */
export async function findNewestSealedValue(db: DbOrTx, name: SealedTable): Promise<SealedRow | null> {
  const [row] = await db.$queryRaw<SealedRow[]>`
    SELECT "id", ${column(name)} AS "sealed" FROM ${table(name)}
    WHERE ${column(name)} IS NOT NULL ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`;
  return row ?? null;
}

/** Rewrites one row's value only if it is still `from`: false when it changed meanwhile. */
export async function replaceSealedValue(
  db: DbOrTx,
  name: SealedTable,
  row: { id: string; from: string; to: string },
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE ${table(name)} SET ${column(name)} = ${row.to} WHERE "id" = ${row.id} AND ${column(name)} = ${row.from}`;
  return count === 1;
}
