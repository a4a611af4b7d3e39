// What a migration's SQL cannot do by itself: values computed in TypeScript, because SQLite has no
// SHA-256 and neither database holds the server key. lib/db/apply-migrations runs a migration's
// step right after its SQL, in the same transaction, so the migration and its data land together.
import { getConfig } from "../config/config";
import { keyedHash } from "../crypto/derive-key";
import type { KeyRing } from "../crypto/key-ring";
import { storePayToken } from "../crypto/pay-token";
import { keyOfStoredValues } from "./key-of-stored-values";
import { SEALED_COLUMNS, type SealedRow, type SealedTable } from "./sealed-values";

/** The migration's own connection: `?` placeholders on both databases. */
export type MigrationDb = {
  all: <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;
  run: (sql: string, params?: unknown[]) => Promise<void>;
};

const BATCH = 500;

/**
 * The server keys, read only when there is a row to compute (a new database migrates without the
 * configuration), and checked against the secrets already stored before anything is written under
 * them: the start's key check needs the canary, a later migration, and a wrong key's tokens and
 * codes would by then be sealed and keyed for good. `tables`: the sealed columns as of the step's
 * migration (a column added later does not exist yet there).
 */
function checkedServerKeys(db: MigrationDb, tables: SealedTable[]): () => Promise<KeyRing> {
  let checked: Promise<KeyRing> | undefined;
  return () =>
    (checked ??= (async () => {
      const keys = getConfig().encryptionKeys;
      const newest: { table: SealedTable; row: SealedRow }[] = [];
      for (const table of tables) {
        const column = SEALED_COLUMNS[table];
        const [row] = await db.all<SealedRow>(
          `SELECT "id", "${column}" AS "sealed" FROM "${table}" WHERE "${column}" IS NOT NULL ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`,
        );
        if (row) newest.push({ table, row });
      }
      keyOfStoredValues(keys, newest);
      return keys;
    })());
}

/**
 * Hosted payments' tokens were stored in clear: each becomes its hash and its sealed form (the
 * next migration drops the clear column), and a sandbox bank attempt's stored consent address,
 * which carried the token, becomes the address relative to the payment's pages.
 */
async function hashPayTokens(db: MigrationDb, serverKeys: () => Promise<KeyRing>): Promise<void> {
  for (;;) {
    const rows = await db.all<{ id: string; payToken: string }>(
      `SELECT "id", "payToken" FROM "Transaction" WHERE "payToken" IS NOT NULL AND "payTokenHash" IS NULL LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      const stored = storePayToken(await serverKeys(), row.id, row.payToken);
      await db.run(`UPDATE "Transaction" SET "payTokenHash" = ?, "payTokenSealed" = ? WHERE "id" = ?`, [
        stored.payTokenHash,
        stored.payTokenSealed,
        row.id,
      ]);
    }
    if (rows.length < BATCH) break;
  }
  const attempts = await db.all<{ id: string; redirectUrl: string }>(
    `SELECT "id", "redirectUrl" FROM "Initiation" WHERE "provider" = 'sandbox' AND "redirectUrl" LIKE '/pay/%'`,
  );
  for (const attempt of attempts) {
    await db.run(`UPDATE "Initiation" SET "redirectUrl" = ? WHERE "id" = ?`, [
      attempt.redirectUrl.replace(/^\/pay\/[^/?]+\//, ""),
      attempt.id,
    ]);
  }
}

/**
 * Recovery codes were stored as their plain SHA-256: each stored hash is keyed in place under the
 * server key, which is what lib/users/recovery-codes looks every code up by, so the codes users
 * hold keep working and a database read alone no longer lets anyone test guesses.
 */
async function keyRecoveryCodes(db: MigrationDb, serverKeys: () => Promise<KeyRing>): Promise<void> {
  const rows = await db.all<{ codeHash: string }>(`SELECT "codeHash" FROM "ConsoleRecoveryCode"`);
  for (const { codeHash } of rows) {
    await db.run(`UPDATE "ConsoleRecoveryCode" SET "codeHash" = ? WHERE "codeHash" = ?`, [
      keyedHash((await serverKeys()).current.key, "recovery-code-hmac", codeHash),
      codeHash,
    ]);
  }
}

export const migrationDataSteps: Record<string, (db: MigrationDb) => Promise<void>> = {
  "20261125002724_hash_stored_tokens": async (db) => {
    // Transaction's sealed column is this migration's own, empty until the step fills it.
    const serverKeys = checkedServerKeys(db, ["ApiKey", "ConsoleUser", "ProviderAccount"]);
    await hashPayTokens(db, serverKeys);
    await keyRecoveryCodes(db, serverKeys);
  },
};
