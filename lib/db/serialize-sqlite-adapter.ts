// One better-sqlite3 connection serves the whole process, and the adapter lets a query made
// outside a transaction run while another request's interactive transaction is open: on the same
// connection, so inside that transaction, and lost if it rolls back. This wrapper puts every
// statement outside a transaction, and every transaction from BEGIN to COMMIT or ROLLBACK, behind
// one lock, so nothing lands in someone else's transaction. Statements are synchronous in
// better-sqlite3, so the lock is only ever held across awaits by a transaction itself. Across
// processes, SQLite's own write lock is taken at each transaction's BEGIN (beginImmediately).
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return {
    /** Waits for every earlier holder; the returned function lets the next one in. */
    async acquire(): Promise<() => void> {
      // Releasing twice is harmless: the next holder is let in once.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => held);
      await previous;
      return release;
    },
  };
}

/** Calls go to the real object (its private fields need it as `this`), except the overrides. */
export function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in overrides) return overrides[property as keyof T];
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/**
 * A connection's database and its lock, for lib/db/driver's prepared statements: run inside
 * `exclusive`, a statement waits for an open transaction to end as Prisma's own statements do.
 */
export type SerializedConnection = {
  database: BetterSqlite3.Database;
  exclusive: <R>(run: () => R | Promise<R>) => Promise<R>;
};

/** The adapter's better-sqlite3 database: a public field of the adapter's class, not of its types. */
function databaseOf(adapter: Adapter): BetterSqlite3.Database {
  const database = (adapter as unknown as { client?: BetterSqlite3.Database }).client;
  if (typeof database?.prepare !== "function") throw new Error("the SQLite adapter no longer exposes its database");
  return database;
}

/**
 * The adapter opens its transactions with a deferred BEGIN, taking SQLite's write lock only at
 * their first write. In WAL mode a transaction that read first cannot take it once another process
 * (npm start's other worker, the CLI) has written since that read: SQLITE_BUSY at once, which the
 * busy timeout does not wait out, and the request failed. BEGIN IMMEDIATE takes the write lock
 * first, waiting for it under the busy timeout, so a transaction never holds a stale snapshot.
 */
function beginImmediately(database: BetterSqlite3.Database): void {
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) =>
    prepare(source === "BEGIN" ? "BEGIN IMMEDIATE" : source)) as BetterSqlite3.Database["prepare"];
}

function serializeAdapter(adapter: Adapter, onConnect?: (connection: SerializedConnection) => void): Adapter {
  beginImmediately(databaseOf(adapter));
  const lock = createLock();
  const exclusive = async <R>(run: () => R | Promise<R>): Promise<R> => {
    const release = await lock.acquire();
    try {
      return await run();
    } finally {
      release();
    }
  };
  onConnect?.({ database: databaseOf(adapter), exclusive });
  return withOverrides(adapter, {
    queryRaw: (query) => exclusive(() => adapter.queryRaw(query)),
    executeRaw: (query) => exclusive(() => adapter.executeRaw(query)),
    executeScript: (script) => exclusive(() => adapter.executeScript(script)),
    startTransaction: async (isolationLevel) => {
      const release = await lock.acquire();
      let transaction: Transaction;
      try {
        transaction = await adapter.startTransaction(isolationLevel);
      } catch (error) {
        release();
        throw error;
      }
      const end = (finish: () => Promise<void>) => async () => {
        try {
          await finish();
        } finally {
          release();
        }
      };
      // Prisma sends COMMIT and ROLLBACK as statements before it calls commit() or rollback();
      // if that statement fails (SQLITE_BUSY beside the CLI), the lock must not stay held.
      const ending =
        <Q extends { sql: string }, R>(run: (query: Q) => Promise<R>) =>
        async (query: Q): Promise<R> => {
          try {
            return await run(query);
          } catch (error) {
            if (/^\s*(COMMIT|ROLLBACK)\b/i.test(query.sql)) release();
            throw error;
          }
        };
      return withOverrides(transaction, {
        queryRaw: ending((query) => transaction.queryRaw(query)),
        executeRaw: ending((query) => transaction.executeRaw(query)),
        commit: end(() => transaction.commit()),
        rollback: end(() => transaction.rollback()),
      });
    },
  });
}

/**
 * The better-sqlite3 adapter factory, with every connection it makes serialised; `onConnect` is
 * told of each connection Prisma opens (not of a shadow database's).
 */
export function serializeSqliteAdapter(
  factory: PrismaBetterSQLite3,
  onConnect?: (connection: SerializedConnection) => void,
): PrismaBetterSQLite3 {
  return withOverrides(factory, {
    connect: async () => serializeAdapter(await factory.connect(), onConnect),
    connectToShadowDb: async () => serializeAdapter(await factory.connectToShadowDb()),
  });
}
