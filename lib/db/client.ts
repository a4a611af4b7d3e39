// The Prisma client for DATABASE_URL, one per process (cached on globalThis so Next's dev reloads
// do not open a new pool each time). Only lib/db touches Prisma.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getConfig } from "../config/config";
import { resolveDatabaseUrl } from "./database-url";
import { type SerializedConnection, serializeSqliteAdapter, withOverrides } from "./serialize-sqlite-adapter";
import { traceAdapter } from "./trace-queries";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";

// Both clients come from one model definition, so their model APIs are the same; the SQLite
// client's type stands for both.
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
/** A client or an open transaction: every data function takes either. */
export type DbOrTx = Db | Tx;

/**
 * The driver connection a client's adapter holds, for lib/db/driver's prepared statements: the
 * better-sqlite3 database with the lock Prisma's statements take, or the pg pool, with the type
 * parsers its rows are read with.
 */
export type DriverConnection =
  ({ dialect: "sqlite" } & SerializedConnection) | { dialect: "postgres"; pool: pg.Pool; types: pg.CustomTypesConfig };

// Set each time Prisma opens the client's connection (at its first query, or again after a
// disconnect), on the client itself: Next's bundles may hold this module more than once, and the
// client cached on globalThis may have been made by another copy.
const DRIVER_CONNECTION = Symbol.for("cashier.driverConnection");
type WithDriverConnection = { [DRIVER_CONNECTION]?: { current: DriverConnection | null } };

/** The client's driver connection as Prisma last opened it; null before its first connect. */
export function driverConnectionOf(db: Db): DriverConnection | null {
  return (db as WithDriverConnection)[DRIVER_CONNECTION]?.current ?? null;
}

const TIMESTAMP_OID = 1114;

/**
 * Prisma's DateTime is TIMESTAMP(3), without a zone, holding UTC: pg would read it as local time,
 * so the driver's rows carry it as text and lib/db/driver reads it as UTC.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

export function createDb(databaseUrl: string, options: { poolTimeoutMs?: number; poolSize?: number } = {}): Db {
  const target = resolveDatabaseUrl(databaseUrl);
  const slot: { current: DriverConnection | null } = { current: null };
  // Statements in spans only when spans go somewhere: otherwise every query would pay for a no-op.
  const isTracing = getConfig().tracing !== null;
  let db: Db;
  if (target.provider === "postgres") {
    // A request waits at most this long for a connection (all ten busy, or a server that does not
    // answer), then is answered 503 (lib/db/database-outage) instead of holding its client.
    const factory = new PrismaPg({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.poolTimeoutMs ?? 5_000,
    });
    const connect = factory.connect.bind(factory);
    factory.connect = async () => {
      const adapter = await connect();
      slot.current = { dialect: "postgres", pool: adapter.underlyingDriver(), types: pgTypes };
      return isTracing ? traceAdapter(adapter, "postgresql") : adapter;
    };
    db = new PostgresClient({ adapter: factory }) as unknown as Db;
  } else {
    // busy timeout: a second process (the CLI beside the server) waits for the write lock instead
    // of failing at once.
    const serialized = serializeSqliteAdapter(
      new PrismaBetterSQLite3({ url: target.filename, timeout: 10_000 }),
      (connection) => (slot.current = { dialect: "sqlite", ...connection }),
    );
    const adapter = isTracing
      ? withOverrides(serialized, { connect: async () => traceAdapter(await serialized.connect(), "sqlite") })
      : serialized;
    db = new SqliteClient({ adapter });
  }
  (db as WithDriverConnection)[DRIVER_CONNECTION] = slot;
  return db;
}

const globalForDb = globalThis as unknown as { cashierDb?: Db };

export function getDb(): Db {
  const config = getConfig();
  globalForDb.cashierDb ??= createDb(config.databaseUrl, {
    poolTimeoutMs: config.databasePoolTimeoutMs,
    poolSize: config.databasePool.size,
  });
  return globalForDb.cashierDb;
}

/** For tests and tools that point the process at another database. */
export function setDb(db: Db | undefined): void {
  globalForDb.cashierDb = db;
}

/** Closes the process's client if one was opened (tools call this before exiting). */
export async function disconnectDb(): Promise<void> {
  await globalForDb.cashierDb?.$disconnect();
  globalForDb.cashierDb = undefined;
}

/** The process's PostgreSQL pool now: connections in use and idle, and queries waiting for one; null on SQLite or before the first query. */
export function readPoolUsage(): { inUse: number; idle: number; waiting: number } | null {
  const db = globalForDb.cashierDb;
  const connection = db ? driverConnectionOf(db) : null;
  if (connection?.dialect !== "postgres") return null;
  const { pool } = connection;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
