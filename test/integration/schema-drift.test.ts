// One model definition, two databases: these fail when a model change has no migration, or when
// the migrations build something other than the models on SQLite or PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { resolveDatabaseUrl } from "@/lib/db/database-url";
import { driverColumns, madeStatements, postgresText } from "@/lib/db/driver";
// Imported for the statements they make: every module with a driver statement is named here.
import "@/lib/db/api-keys";
import "@/lib/db/transactions";
import "@/lib/db/used-jtis";
import { createTestDatabase } from "../support/test-database";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Shape = Record<string, Record<string, { nullable: boolean }>>;

const SCALARS = new Set(["String", "Int", "BigInt", "Float", "Decimal", "Boolean", "DateTime", "Json", "Bytes"]);

/** Each model's scalar columns with their declared type and whether they may be null. */
function modelColumns(): Record<string, Record<string, { type: string; nullable: boolean }>> {
  const models: Record<string, Record<string, { type: string; nullable: boolean }>> = {};
  for (const [, model, body] of read("prisma/models.prisma").matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    models[model] = {};
    for (const [, field, type, optional] of body.matchAll(/^\s+(\w+)\s+(\w+)(\?)?/gm)) {
      if (SCALARS.has(type)) models[model][field] = { type, nullable: optional === "?" };
    }
  }
  return models;
}

/** Tables and columns as prisma/models.prisma declares them. */
function modelShape(): Shape {
  return Object.fromEntries(
    Object.entries(modelColumns()).map(([model, columns]) => [
      model,
      Object.fromEntries(Object.entries(columns).map(([field, { nullable }]) => [field, { nullable }])),
    ]),
  );
}

async function databaseShape(url: string): Promise<Shape> {
  const target = resolveDatabaseUrl(url);
  const shape: Shape = {};
  if (target.provider === "sqlite") {
    const db = new Database(target.filename, { readonly: true });
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations'`,
      )
      .all() as { name: string }[];
    for (const { name } of tables) {
      shape[name] = {};
      for (const column of db.prepare(`PRAGMA table_info("${name}")`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[]) {
        shape[name][column.name] = { nullable: column.notnull === 0 && column.pk === 0 };
      }
    }
    db.close();
    return shape;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
    `SELECT table_name, column_name, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name != '_prisma_migrations'`,
  );
  await client.end();
  for (const row of rows) {
    shape[row.table_name] ??= {};
    shape[row.table_name][row.column_name] = { nullable: row.is_nullable === "YES" };
  }
  return shape;
}

describe("schema drift", () => {
  it("every model change has a migration (npm run db:migration -- <name> writes one)", () => {
    expect(read("prisma/migrations.snapshot.prisma")).toBe(read("prisma/models.prisma"));
  });

  it("both providers' schemas are generated from prisma/models.prisma (npm run db:generate)", () => {
    for (const provider of ["sqlite", "postgres"]) {
      expect(read(`prisma/${provider}/schema.prisma`).endsWith(read("prisma/models.prisma"))).toBe(true);
    }
  });

  it(`the migrations build exactly the models on ${process.env.TEST_DATABASE}`, async () => {
    expect(await databaseShape(process.env.DATABASE_URL as string)).toEqual(modelShape());
  });

  it("lib/db/driver reads every column of its tables with the model's type", () => {
    const models = modelColumns();
    for (const [table, columns] of Object.entries(driverColumns)) {
      const declared = Object.fromEntries(
        Object.entries(models[table] ?? {}).map(([field, { type }]) => [field, type]),
      );
      expect(columns, table).toEqual(declared);
    }
  });

  it(`every statement of lib/db/driver prepares against the migrations on ${process.env.TEST_DATABASE}`, async () => {
    const statements = madeStatements();
    expect(statements.map((s) => s.name).sort()).toEqual([
      "cashier_claim_jti",
      "cashier_insert_deposit",
      "cashier_insert_transaction",
      "cashier_insert_transaction_event",
      "cashier_key_with_merchant",
      "cashier_record_pix_charge",
      "cashier_transaction_by_id",
      "cashier_transaction_by_reference",
    ]);
    const target = resolveDatabaseUrl(process.env.DATABASE_URL as string);
    if (target.provider === "sqlite") {
      const db = new Database(target.filename, { readonly: true });
      try {
        // Preparing compiles the statement against the schema: an unknown table or column throws.
        for (const { sql } of statements.filter((s) => !s.postgresOnly))
          expect(() => db.prepare(sql), sql).not.toThrow();
      } finally {
        db.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      for (const [i, { sql }] of statements.entries()) {
        await client.query(`PREPARE drift_${i} AS ${postgresText(sql)}`);
        await client.query(`DEALLOCATE drift_${i}`);
      }
    } finally {
      await client.end();
    }
  });

  it.runIf(process.env.TEST_DATABASE === "postgres")(
    "SQLite and PostgreSQL end up with the same tables and columns",
    async () => {
      const sqlite = await createTestDatabase("sqlite");
      try {
        expect(await databaseShape(process.env.DATABASE_URL as string)).toEqual(await databaseShape(sqlite.url));
      } finally {
        await sqlite.drop();
      }
    },
  );
});
