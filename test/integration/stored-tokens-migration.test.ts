// The migration that stopped storing bearer tokens in clear, run over rows as the release before
// it left them: a hosted payment's token in clear (and in its sandbox bank attempt's address), and
// recovery codes as their plain SHA-256. After it, the same addresses and codes work, and no row
// holds a token or a code's plain hash.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { payTokenOf } from "@/lib/deposits/pay-tokens";
import { hashPassword } from "@/lib/users/password-hash";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import { sealTotpSecret } from "@/lib/users/totp";
import { legacyDepositSql } from "../support/legacy-deposit";
import { type TestDatabase, createTestDatabase } from "../support/test-database";

const MIGRATION = "20261125002724_hash_stored_tokens";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// An old release's values: a pay token of 24 random bytes, recovery codes of ten letters and digits.
const payToken = "Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e";
const password = "uma senha longa o bastante";
const legacyCodes = ["k7m2x-9qv4h", "a1b2c-d3e4f"];

let database: TestDatabase;

beforeAll(async () => {
  const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(provider, { before: MIGRATION });
  const old = createDb(database.url);
  const passwordHash = await hashPassword(password);
  const totpSecret = sealTotpSecret("usr_legacy", "JBSWY3DPEHPK3PXP");
  for (const sql of [
    ...legacyDepositSql(payToken),
    `INSERT INTO "TransactionEvent" ("id", "transactionId", "toStatus", "actor") VALUES ('dep_legacy_0', 'dep_legacy', 'pending', 'merchant')`,
    `INSERT INTO "Initiation" ("id", "depositId", "provider", "participantId", "participantName", "status", "redirectUrl", "updatedAt")
     VALUES ('ini_legacy', 'dep_legacy', 'sandbox', 'nubank', 'Nubank', 'pending',
       '/pay/${payToken}/autorizar?banco=nubank&tentativa=ini_legacy', CURRENT_TIMESTAMP)`,
    `INSERT INTO "ConsoleUser" ("id", "email", "role", "passwordHash", "totpSecretCiphertext", "totpEnabledAt", "updatedAt")
     VALUES ('usr_legacy', 'antigo@example.com', 'operator', '${passwordHash}', '${totpSecret}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
    ...legacyCodes.map(
      (code) =>
        `INSERT INTO "ConsoleRecoveryCode" ("codeHash", "userId") VALUES ('${sha256(code.replace("-", ""))}', 'usr_legacy')`,
    ),
  ])
    await old.$executeRawUnsafe(sql);
  await old.$disconnect();

  // Later migrations follow; these two come first.
  expect((await applyMigrations(database.url)).slice(0, 2)).toEqual([
    MIGRATION,
    expect.stringMatching(/_drop_clear_pay_tokens$/),
  ]);
  setDb(createDb(database.url));
});

afterAll(async () => {
  await getDb().$disconnect();
  setDb(undefined);
  await database.drop();
});

describe("the migration that stores tokens as hashes", () => {
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

  it("keeps old recovery codes signing in, once each, stored keyed rather than as their SHA-256", async () => {
    const stored = (await getDb().consoleRecoveryCode.findMany({ where: { userId: "usr_legacy" } })).map(
      (row) => row.codeHash,
    );
    expect(stored).toHaveLength(2);
    for (const code of legacyCodes) expect(stored).not.toContain(sha256(code.replace("-", "")));

    const client = { ip: "192.0.2.90", userAgent: "vitest" };
    const signIn = (code: string) => signInConsoleUser({ email: "antigo@example.com", password, code }, client);
    expect((await signIn(legacyCodes[0].toUpperCase())).status).toBe("signed_in");
    expect(await signIn(legacyCodes[0])).toEqual({ status: "refused" });
    expect((await signIn(legacyCodes[1])).status).toBe("signed_in");
  });
});
