// The migration that stopped storing bearer tokens in clear, run over rows as the release before
// it left them: a hosted payment's token in clear (and in its sandbox bank attempt's address).
// After it, the same addresses work, and no row holds a token.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { payTokenOf } from "@/lib/deposits/pay-tokens";
import { type TestDatabase, createTestDatabase } from "../support/test-database";

const MIGRATION = "20261125002724_hash_stored_tokens";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// An old release's pay token: 24 random bytes.
const payToken = "Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e";

let database: TestDatabase;

beforeAll(async () => {
  const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(provider, { before: MIGRATION });
  const old = createDb(database.url);
  for (const sql of [
    `INSERT INTO "Merchant" ("id", "name", "mode", "redirectOrigins", "updatedAt")
     VALUES ('mer_legacy', 'Loja Antiga', 'sandbox', '["https://shop.example"]', CURRENT_TIMESTAMP)`,
    `INSERT INTO "Transaction" ("id", "merchantId", "operation", "reference", "status", "amountCents", "currency",
       "requestHash", "payToken", "provider", "successRedirectUrl", "failedRedirectUrl", "methodOpen", "expiresAt", "updatedAt")
     VALUES ('dep_legacy', 'mer_legacy', 'payment_initiation', 'antigo-1', 'pending', 1050, 'BRL', 'x', '${payToken}',
       'sandbox', 'https://shop.example/ok', 'https://shop.example/no', true, '2999-01-01T00:00:00.000Z', CURRENT_TIMESTAMP)`,
    `INSERT INTO "TransactionEvent" ("id", "transactionId", "toStatus", "actor") VALUES ('dep_legacy_0', 'dep_legacy', 'pending', 'merchant')`,
    `INSERT INTO "Initiation" ("id", "depositId", "provider", "participantId", "participantName", "status", "redirectUrl", "updatedAt")
     VALUES ('ini_legacy', 'dep_legacy', 'sandbox', 'nubank', 'Nubank', 'pending',
       '/pay/${payToken}/autorizar?banco=nubank&tentativa=ini_legacy', CURRENT_TIMESTAMP)`,
  ])
    await old.$executeRawUnsafe(sql);
  await old.$disconnect();

  expect(await applyMigrations(database.url)).toEqual([MIGRATION, expect.stringMatching(/_drop_clear_pay_tokens$/)]);
  setDb(createDb(database.url));
});

afterAll(async () => {
  await getDb().$disconnect();
  setDb(undefined);
  await database.drop();
});

describe("the migration that stores pay tokens as hashes", () => {
  it("keeps an old payment's address working, found by its hash, with no row holding the token", async () => {
    const row = await getDb().transaction.findUniqueOrThrow({ where: { id: "dep_legacy" } });
    expect(row.payTokenHash).toBe(sha256(payToken));
    expect((await findHostedPayment(payToken))?.deposit.id).toBe("dep_legacy");
    // The answers that give the address again open the sealed token.
    expect(payTokenOf(row)).toBe(payToken);
    const attempt = await getDb().initiation.findUniqueOrThrow({ where: { id: "ini_legacy" } });
    expect(attempt.redirectUrl).toBe("autorizar?banco=nubank&tentativa=ini_legacy");
    // Every column as the database has it, not only those the models name.
    const stored = await getDb().$queryRawUnsafe(
      `SELECT * FROM "Transaction" t JOIN "Initiation" i ON i."depositId" = t."id" WHERE t."id" = 'dep_legacy'`,
    );
    const everything = JSON.stringify(stored, (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    expect(everything).toContain(row.payTokenHash);
    expect(everything).not.toContain(payToken);
  });
});
