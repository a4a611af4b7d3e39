// Applies the committed migrations (prisma/<provider>/migrations/*/migration.sql) in order, each in
// its own transaction with its data step, if it has one (lib/db/migration-data-steps). Prisma's CLI
// is not needed at run time; the bookkeeping table is Prisma's own _prisma_migrations, so
// `prisma migrate status` reads the same history.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { appRoot } from "../runtime/app-root";
import { createPrivateSqliteFile } from "./create-private-sqlite-file";
import { resolveDatabaseUrl } from "./database-url";
import { type MigrationDb, migrationDataSteps } from "./migration-data-steps";

type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(provider: "sqlite" | "postgres"): Migration[] {
  const dir = path.join(appRoot(), "prisma", provider, "migrations");
  // None found is a gateway run from the wrong folder, never a database that needs nothing.
  if (!existsSync(dir)) throw new Error(`no migrations at ${dir}: run the gateway from its own folder`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Which migrations to apply: all of them, or (a test building a database as an older release left it) those before one. */
export type MigrationTarget = { before?: string };

export function pending(migrations: Migration[], applied: Map<string, string>, target: MigrationTarget): Migration[] {
  for (const [name, checksum] of applied) {
    const known = migrations.find((m) => m.name === name);
    if (known && known.checksum !== checksum) {
      throw new Error(`Migration ${name} was changed after it was applied; add a new migration instead.`);
    }
  }
  return migrations.filter((m) => !applied.has(m.name) && (target.before === undefined || m.name < target.before));
}

const sqliteBookkeeping = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;

const postgresBookkeeping = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

async function applySqlite(filename: string, target: MigrationTarget): Promise<string[]> {
  if (filename !== ":memory:") createPrivateSqliteFile(filename);
  const db = new Database(filename, { timeout: 10_000 });
  const stepDb: MigrationDb = {
    all: async <Row>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
  };
  try {
    db.pragma("journal_mode = WAL");
    db.exec(sqliteBookkeeping);
    const done: string[] = [];
    // IMMEDIATE takes the write lock first, so two processes starting together apply each once.
    // Written out rather than db.transaction(), whose function cannot await a data step.
    db.exec("BEGIN IMMEDIATE");
    try {
      const rows = db
        .prepare(`SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`)
        .all() as { migration_name: string; checksum: string }[];
      const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
      for (const migration of pending(readMigrations("sqlite"), applied, target)) {
        db.exec(migration.sql);
        await migrationDataSteps[migration.name]?.(stepDb);
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES (?, ?, current_timestamp, ?, 1)`,
        ).run(randomUUID(), migration.checksum, migration.name);
        done.push(migration.name);
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
    return done;
  } finally {
    db.close();
  }
}

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_ID = 72_010_433;

async function applyPostgres(url: string, target: MigrationTarget): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Steps are written with SQLite's `?`; PostgreSQL numbers its parameters.
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const stepDb: MigrationDb = {
    all: async <Row>(sql: string, params: unknown[] = []) => (await client.query(numbered(sql), params)).rows as Row[],
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
  };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query(postgresBookkeeping);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const migration of pending(readMigrations("postgres"), applied, target)) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await migrationDataSteps[migration.name]?.(stepDb);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** Returns the names of the migrations it applied (none when the database is current). */
export async function applyMigrations(databaseUrl: string, target: MigrationTarget = {}): Promise<string[]> {
  const database = resolveDatabaseUrl(databaseUrl);
  return database.provider === "postgres"
    ? applyPostgres(database.url, target)
    : applySqlite(database.filename, target);
}
