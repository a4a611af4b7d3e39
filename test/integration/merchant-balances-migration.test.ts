// The migration that added balance rows, run over a ledger as the release before it left it: each
// entry is numbered within its merchant and mode (oldest first), each merchant and mode gets a row
// with its ledger's sums and count, and funds verify finds nothing to say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { findBalanceDifferences } from "@/lib/db/ledger";
import { type TestDatabase, createTestDatabase } from "../support/test-database";

const MIGRATION = "20261129124656_add_merchant_balances";

let database: TestDatabase;

const entry = (id: string, mode: string, available: number, reserved: number, at: string) =>
  `INSERT INTO "LedgerEntry" ("id", "merchantId", "kind", "availableDeltaCents", "reservedDeltaCents", "mode", "createdAt")
   VALUES ('${id}', 'mer_ledger', 'credit', ${available}, ${reserved}, '${mode}', '${at}')`;

beforeAll(async () => {
  const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(provider, { before: MIGRATION });
  const old = createDb(database.url);
  // Prisma's own form of a DateTime on each database, so the old rows sort as the gateway wrote them.
  const at = (minute: number) =>
    provider === "sqlite" ? `2026-11-20T10:0${minute}:00.000+00:00` : `2026-11-20 10:0${minute}:00.000`;
  for (const sql of [
    `INSERT INTO "Merchant" ("id", "name", "mode", "redirectOrigins", "updatedAt")
     VALUES ('mer_ledger', 'Loja Antiga', 'live', '[]', CURRENT_TIMESTAMP)`,
    entry("led_c", "sandbox", 5000, 0, at(3)),
    entry("led_a", "sandbox", 10000, 0, at(1)),
    entry("led_b", "sandbox", -3000, 3000, at(2)),
    // Two entries in the same instant: the id decides.
    entry("led_e", "live", 700, 0, at(4)),
    entry("led_d", "live", 200, 0, at(4)),
  ])
    await old.$executeRawUnsafe(sql);
  await old.$disconnect();
  expect((await applyMigrations(database.url))[0]).toBe(MIGRATION);
  setDb(createDb(database.url));
});

afterAll(async () => {
  await getDb().$disconnect();
  setDb(undefined);
  await database.drop();
});

describe("the migration that adds balance rows", () => {
  it("numbers each mode's entries oldest first and sums them into its row", async () => {
    const entries = await getDb().ledgerEntry.findMany({
      select: { id: true, sequence: true },
      orderBy: { id: "asc" },
    });
    expect(Object.fromEntries(entries.map((row) => [row.id, row.sequence]))).toEqual({
      led_a: 1,
      led_b: 2,
      led_c: 3,
      led_d: 1,
      led_e: 2,
    });
    const rows = await getDb().merchantBalance.findMany({ orderBy: { mode: "asc" } });
    expect(rows).toEqual([
      { merchantId: "mer_ledger", mode: "live", availableCents: 900n, reservedCents: 0n, entries: 2 },
      { merchantId: "mer_ledger", mode: "sandbox", availableCents: 12000n, reservedCents: 3000n, entries: 3 },
    ]);
    expect(await findBalanceDifferences(getDb())).toEqual({ checked: 2, differences: [] });
  });
});
