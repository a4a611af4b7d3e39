// A database of its own for each integration test file, on the provider the project runs with:
// a SQLite file in a temporary folder, or a PostgreSQL database created on TEST_POSTGRES_URL's
// server and dropped afterwards. Refuses any PostgreSQL server that is not on this machine.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type MigrationTarget, applyMigrations } from "@/lib/db/apply-migrations";

export type TestDatabase = { url: string; provider: "sqlite" | "postgres"; drop: () => Promise<void> };

function assertLocal(url: URL): void {
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(url.hostname)) {
    throw new Error(`TEST_POSTGRES_URL must point at a local server, not ${url.hostname}`);
  }
}

/** `target`: only the migrations before one, for a test of what a later migration does to old rows. */
export async function createTestDatabase(
  provider: "sqlite" | "postgres",
  target: MigrationTarget = {},
): Promise<TestDatabase> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-test-"));
    const url = `file:${path.join(dir, "test.db")}`;
    await applyMigrations(url, target);
    return { url, provider, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error("TEST_POSTGRES_URL is not set");
  const url = new URL(adminUrl);
  assertLocal(url);
  const name = `cashier_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  await applyMigrations(url.toString(), target);
  return {
    url: url.toString(),
    provider,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
