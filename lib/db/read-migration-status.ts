// What `db status` reports and what a start with CASHIER_MIGRATE_ON_START=false checks: which of
// this version's migrations the database has, read without writing (no file created, no
// bookkeeping table, no lock), so an instance can check a database another step migrates.
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { pending, readMigrations } from "./apply-migrations";
import { resolveDatabaseUrl } from "./database-url";

export type MigrationStatus = { applied: string[]; pending: string[] };

const appliedQuery = `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`;

type AppliedRow = { migration_name: string; checksum: string };

function readSqliteApplied(filename: string): AppliedRow[] {
  if (filename === ":memory:" || !existsSync(filename)) return [];
  const db = new Database(filename, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get();
    return table ? (db.prepare(appliedQuery).all() as AppliedRow[]) : [];
  } finally {
    db.close();
  }
}

async function readPostgresApplied(url: string): Promise<AppliedRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>(
      `SELECT to_regclass('"_prisma_migrations"') AS "table"`,
    );
    return rows[0].table ? (await client.query<AppliedRow>(appliedQuery)).rows : [];
  } finally {
    await client.end();
  }
}

/** Applied: this version's migrations the database has, in order; pending: those it lacks. */
export async function readMigrationStatus(databaseUrl: string): Promise<MigrationStatus> {
  const database = resolveDatabaseUrl(databaseUrl);
  const rows =
    database.provider === "postgres" ? await readPostgresApplied(database.url) : readSqliteApplied(database.filename);
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  const migrations = readMigrations(database.provider);
  // The same check as applying: a migration changed after it was applied throws here too.
  const missing = pending(migrations, applied, {}).map((migration) => migration.name);
  return {
    applied: migrations.map((migration) => migration.name).filter((name) => !missing.includes(name)),
    pending: missing,
  };
}
