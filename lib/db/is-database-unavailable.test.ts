// The classification against what the real drivers throw, not against hand-made shapes: a SQLite
// database another connection holds locked past the busy timeout, a PostgreSQL address nothing
// listens on, one that accepts and never answers, and errors that are defects, not outages.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { isDatabaseUnavailable } from "./is-database-unavailable";
import { closedPort } from "../../test/support/closed-port";

const dir = mkdtempSync(path.join(tmpdir(), "cashier-unavailable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the promise rejected with; fails the test when it resolved. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a failure"),
    (error: unknown) => error,
  );
}

describe("isDatabaseUnavailable on SQLite", () => {
  const file = path.join(dir, "locked.db");
  const holder = new Database(file);
  holder.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
  afterAll(() => holder.close());

  it("is true for a write lock held past the busy timeout, through better-sqlite3 and through Prisma", async () => {
    holder.exec("BEGIN IMMEDIATE");
    try {
      const other = new Database(file, { timeout: 50 });
      const raw = (() => {
        try {
          other.prepare("INSERT INTO t (id) VALUES (1)").run();
        } catch (error) {
          return error;
        } finally {
          other.close();
        }
      })();
      expect((raw as { code?: string }).code).toBe("SQLITE_BUSY");
      expect(isDatabaseUnavailable(raw)).toBe(true);

      const prisma = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 50 }) });
      try {
        const viaPrisma = await rejection(prisma.$executeRawUnsafe("INSERT INTO t (id) VALUES (2)"));
        expect(isDatabaseUnavailable(viaPrisma)).toBe(true);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      holder.exec("ROLLBACK");
    }
  });

  it("is false for a unique violation and a missing table: defects, not outages", async () => {
    holder.exec("INSERT INTO t (id) VALUES (7)");
    const prisma = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: file }) });
    try {
      expect(isDatabaseUnavailable(await rejection(prisma.$executeRawUnsafe("INSERT INTO t (id) VALUES (7)")))).toBe(
        false,
      );
      expect(isDatabaseUnavailable(await rejection(prisma.$queryRawUnsafe("SELECT * FROM nowhere")))).toBe(false);
    } finally {
      await prisma.$disconnect();
    }
  });
});

describe("isDatabaseUnavailable on PostgreSQL's drivers", () => {
  it("is true for a server that refuses the connection, through pg and through Prisma", async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
    const pool = new pg.Pool({ connectionString: url });
    try {
      expect(isDatabaseUnavailable(await rejection(pool.query("SELECT 1")))).toBe(true);
    } finally {
      await pool.end();
    }
    const prisma = new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) });
    expect(isDatabaseUnavailable(await rejection(prisma.$queryRawUnsafe("SELECT 1")))).toBe(true);
    expect(
      isDatabaseUnavailable(await rejection(prisma.$transaction(async (tx) => tx.$queryRawUnsafe("SELECT 1")))),
    ).toBe(true);
  });

  it("is true for a connection the pool could not get in time (a server that accepts and never answers)", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `postgresql://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/none`;
    const prisma = new PostgresClient({
      adapter: new PrismaPg({ connectionString: url, max: 1, connectionTimeoutMillis: 200 }),
    });
    try {
      expect(isDatabaseUnavailable(await rejection(prisma.$queryRawUnsafe("SELECT 1")))).toBe(true);
    } finally {
      silent.close();
    }
  });

  it("is false for what is no database's failure", () => {
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    // A PSP's network failure carries the socket code only as its cause.
    expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }))).toBe(false);
  });
});
