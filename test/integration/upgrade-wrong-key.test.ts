// An upgrade started with the wrong encryption key, on a database as the release before the
// stored-token migration left it: the migration's data step would seal the pay tokens and key the
// recovery codes under that key for good, so it refuses before writing, and the database stays
// as it was, ready for the upgrade with the right key.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyIdOf } from "@/lib/crypto/key-ring";
import { getConfig } from "@/lib/config/config";
import { createDb } from "@/lib/db/client";
import { sealTotpSecret } from "@/lib/users/totp";
import { runTool } from "../support/run-tool";
import { legacyDepositSql } from "../support/legacy-deposit";
import { type TestDatabase, createTestDatabase } from "../support/test-database";

const MIGRATION = "20261125002724_hash_stored_tokens";
const payToken = "Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e";
const codeHash = createHash("sha256").update("k7m2xqv4h").digest("hex");

let database: TestDatabase;

beforeAll(async () => {
  const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(provider, { before: MIGRATION });
  const old = createDb(database.url);
  for (const sql of [
    ...legacyDepositSql(payToken),
    // Sealed under this process's key, the one the old release ran with.
    `INSERT INTO "ConsoleUser" ("id", "email", "role", "totpSecretCiphertext", "updatedAt")
     VALUES ('usr_legacy', 'antigo@example.com', 'operator', '${sealTotpSecret("usr_legacy", "JBSWY3DPEHPK3PXP")}', CURRENT_TIMESTAMP)`,
    `INSERT INTO "ConsoleRecoveryCode" ("codeHash", "userId") VALUES ('${codeHash}', 'usr_legacy')`,
  ])
    await old.$executeRawUnsafe(sql);
  await old.$disconnect();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe("upgrading with the wrong encryption key", () => {
  it("refuses before the migration writes under it, and the right key then upgrades", async () => {
    const wrongKey = randomBytes(32);
    const tool = (key: Buffer) =>
      runTool("cashier", ["keys", "status"], {
        DATABASE_URL: database.url,
        CASHIER_ENCRYPTION_KEY: key.toString("hex"),
        CASHIER_ENCRYPTION_PREVIOUS_KEYS: "",
      });
    const refused = await tool(wrongKey);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("does not open the secrets stored in this database (ConsoleUser usr_legacy)");
    expect(refused.stderr).toContain(`CASHIER_ENCRYPTION_KEY has id ${keyIdOf(wrongKey)}`);
    expect(refused.stderr).not.toContain(wrongKey.toString("hex"));

    const db = createDb(database.url);
    try {
      const migrations = await db.$queryRawUnsafe<{ migration_name: string }[]>(
        `SELECT "migration_name" FROM "_prisma_migrations"`,
      );
      expect(migrations.map((row) => row.migration_name)).not.toContain(MIGRATION);
      // The migration rolled back whole: the token still in clear (its hash's column not there),
      // the recovery code as the old release stored it.
      expect(await db.$queryRawUnsafe(`SELECT "payToken" FROM "Transaction"`)).toEqual([{ payToken }]);
      expect(await db.$queryRawUnsafe(`SELECT "codeHash" FROM "ConsoleRecoveryCode"`)).toEqual([{ codeHash }]);

      const upgraded = await tool(getConfig().encryptionKeys.current.key);
      expect(upgraded.code, upgraded.stderr).toBe(0);
      expect(JSON.parse(upgraded.stdout)).toMatchObject({
        canaryKeyId: getConfig().encryptionKeys.current.id,
        tables: { Transaction: { [getConfig().encryptionKeys.current.id]: 1 } },
      });
    } finally {
      await db.$disconnect();
    }
  }, 180_000);
});
