// The Prisma client for DATABASE_URL, one per process (cached on globalThis so Next's dev reloads
// do not open a new pool each time). Only lib/db touches Prisma.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { getConfig } from "../config/config";
import { resolveDatabaseUrl } from "./database-url";
import { serializeSqliteAdapter } from "./serialize-sqlite-adapter";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";

// Both clients come from one model definition, so their model APIs are the same; the SQLite
// client's type stands for both.
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
/** A client or an open transaction: every data function takes either. */
export type DbOrTx = Db | Tx;

export function createDb(databaseUrl: string): Db {
  const target = resolveDatabaseUrl(databaseUrl);
  if (target.provider === "postgres") {
    const adapter = new PrismaPg({ connectionString: target.url, max: 10 });
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  // busy timeout: a second process (the CLI beside the server) waits for the write lock instead
  // of failing at once.
  const adapter = serializeSqliteAdapter(new PrismaBetterSQLite3({ url: target.filename, timeout: 10_000 }));
  return new SqliteClient({ adapter });
}

const globalForDb = globalThis as unknown as { cashierDb?: Db };

export function getDb(): Db {
  globalForDb.cashierDb ??= createDb(getConfig().databaseUrl);
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
