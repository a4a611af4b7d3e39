// What a migration's SQL cannot do by itself: values computed in TypeScript, because SQLite has no
// SHA-256 and neither database holds the server key. lib/db/apply-migrations runs a migration's
// step right after its SQL, in the same transaction, so the migration and its data land together.
import { getConfig } from "../config/config";
import { keyedHash } from "../crypto/derive-key";
import { storePayToken } from "../crypto/pay-token";

/** The migration's own connection: `?` placeholders on both databases. */
export type MigrationDb = {
  all: <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;
  run: (sql: string, params?: unknown[]) => Promise<void>;
};

const BATCH = 500;

// Read only when there is a row to compute: a new database migrates without the configuration.
const serverKeys = () => getConfig().encryptionKeys;

/**
 * Hosted payments' tokens were stored in clear: each becomes its hash and its sealed form (the
 * next migration drops the clear column), and a sandbox bank attempt's stored consent address,
 * which carried the token, becomes the address relative to the payment's pages.
 */
async function hashPayTokens(db: MigrationDb): Promise<void> {
  for (;;) {
    const rows = await db.all<{ id: string; payToken: string }>(
      `SELECT "id", "payToken" FROM "Transaction" WHERE "payToken" IS NOT NULL AND "payTokenHash" IS NULL LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      const stored = storePayToken(serverKeys(), row.id, row.payToken);
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
async function keyRecoveryCodes(db: MigrationDb): Promise<void> {
  const rows = await db.all<{ codeHash: string }>(`SELECT "codeHash" FROM "ConsoleRecoveryCode"`);
  for (const { codeHash } of rows) {
    await db.run(`UPDATE "ConsoleRecoveryCode" SET "codeHash" = ? WHERE "codeHash" = ?`, [
      keyedHash(serverKeys().current.key, "recovery-code-hmac", codeHash),
      codeHash,
    ]);
  }
}

export const migrationDataSteps: Record<string, (db: MigrationDb) => Promise<void>> = {
  "20261125002724_hash_stored_tokens": async (db) => {
    await hashPayTokens(db);
    await keyRecoveryCodes(db);
  },
};
