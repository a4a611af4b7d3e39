// Runs in every integration test file's worker before its tests: points the process at a fresh
// database with migrations applied, and removes it afterwards; fails a test that saw an answer or
// a callback its documented schema does not allow (documented-schemas), and leaves the counts.
import { afterAll, afterEach, expect } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { recordCounts, takeViolations } from "./documented-schemas";
import { PGBOUNCER_URL_VARIABLE } from "./pgbouncer";
import { createTestDatabase } from "./test-database";

const throughPgBouncer = process.env.TEST_DATABASE === "pgbouncer";
const provider = process.env.TEST_DATABASE === "postgres" || throughPgBouncer ? "postgres" : "sqlite";
const database = await createTestDatabase(provider);
process.env.DATABASE_URL = database.url;
if (throughPgBouncer) {
  // The gateway as it runs behind PgBouncer in transaction mode: its queries through the pooler,
  // its migrations straight to the server (this database was migrated there already).
  const pooled = new URL(process.env[PGBOUNCER_URL_VARIABLE] as string);
  pooled.pathname = new URL(database.url).pathname;
  Object.assign(process.env, {
    DATABASE_URL: pooled.toString(),
    DATABASE_DIRECT_URL: database.url,
    DATABASE_POOL_MODE: "transaction",
  });
}
// A fixed key keeps tests away from the developer's data/encryption.key.
process.env.CASHIER_ENCRYPTION_KEY = "a".repeat(64);

afterEach(() => {
  expect(takeViolations(), "answers and callbacks against /openapi.decoded.json").toEqual([]);
});

afterAll(async () => {
  recordCounts();
  // A callback that arrived after the last test is checked too, once the database is gone.
  const late = takeViolations();
  await disconnectDb();
  await database.drop();
  expect(late, "answers and callbacks against /openapi.decoded.json").toEqual([]);
});
