// The few statements every API request runs (the key lookup, the jti claim, the status read) go
// through the driver connection Prisma's adapter already holds, not through Prisma's query
// pipeline: better-sqlite3 statements prepared once per connection, run under the same lock as
// Prisma's statements; pg named statements, prepared once per pooled connection. Prisma stays the
// schema, the migrations and every other query. The columns below are typed by Prisma's model
// types (and checked against prisma/models.prisma by the schema-drift test), so a model change
// cannot leave them behind: a column missing here, or of another type, fails to compile.
import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import { getConfig } from "../config/config";
import { type DriverConnection, driverConnectionOf, getDb } from "./client";
import { type DbSystem, traceQuery } from "./trace-queries";
import type { ApiKey, Merchant, Transaction, UsedJti } from "./generated/sqlite/client";

/** A model column's type, as prisma/models.prisma names it; the driver converts the others' values. */
export type ColumnType = "String" | "Int" | "BigInt" | "Boolean" | "DateTime" | "Json";

export type Columns = Record<string, ColumnType>;

/** The ColumnType of a value Prisma reads: whatever is none of the others is Json. */
type ColumnTypeOf<Value> = [NonNullable<Value>] extends [Date]
  ? "DateTime"
  : [NonNullable<Value>] extends [bigint]
    ? "BigInt"
    : [NonNullable<Value>] extends [boolean]
      ? "Boolean"
      : [NonNullable<Value>] extends [number]
        ? "Int"
        : [NonNullable<Value>] extends [string]
          ? "String"
          : "Json";

/** Every column of a model, with its ColumnType. */
type ColumnsOf<Model> = { [Column in keyof Model]-?: ColumnTypeOf<Model[Column]> };

/** The columns the driver's statements read, by table: every column, each as the model declares it. */
export const driverColumns = {
  ApiKey: {
    id: "String",
    merchantId: "String",
    secretCiphertext: "String",
    createdAt: "DateTime",
    revokedAt: "DateTime",
    lastUsedAt: "DateTime",
  },
  Merchant: {
    id: "String",
    name: "String",
    mode: "String",
    callbackUrl: "String",
    redirectOrigins: "Json",
    fundsLock: "Int",
    providerRoutes: "Json",
    payoutApproval: "String",
    payoutApprovalAboveCents: "BigInt",
    requestsPerMinute: "Int",
    createdAt: "DateTime",
    updatedAt: "DateTime",
  },
  UsedJti: { keyId: "String", jti: "String", expiresAt: "DateTime" },
  Transaction: {
    id: "String",
    merchantId: "String",
    operation: "String",
    reference: "String",
    status: "String",
    mode: "String",
    amountCents: "BigInt",
    currency: "String",
    requestHash: "String",
    merchantUser: "String",
    customerName: "String",
    customerEmail: "String",
    customerEmailLower: "String",
    customerCpf: "String",
    invalidFields: "Json",
    buyerIp: "String",
    phone: "String",
    brand: "String",
    pixTxid: "String",
    pixCode: "String",
    pixLocation: "String",
    pixEndToEndId: "String",
    provider: "String",
    paymentMethod: "String",
    pixKey: "String",
    bankCode: "String",
    branch: "String",
    account: "String",
    accountType: "String",
    reasonCode: "String",
    reason: "String",
    claimedOutcome: "String",
    payTokenHash: "String",
    payTokenSealed: "String",
    successRedirectUrl: "String",
    failedRedirectUrl: "String",
    returnUrl: "String",
    amountEditable: "Boolean",
    amountOpen: "Boolean",
    methodOpen: "Boolean",
    expiresAt: "DateTime",
    settledAt: "DateTime",
    requestId: "String",
    createdAt: "DateTime",
    updatedAt: "DateTime",
  },
} satisfies {
  ApiKey: ColumnsOf<ApiKey>;
  Merchant: ColumnsOf<Merchant>;
  UsedJti: ColumnsOf<UsedJti>;
  Transaction: ColumnsOf<Transaction>;
};

/**
 * One statement, written once with `?` placeholders (numbered for pg): its name is the pg
 * prepared statement's, so one name is one text. postgresOnly: SQL that SQLite does not take.
 */
export type Statement = { name: string; sql: string; postgresOnly?: true };

export type Param = string | number | bigint | boolean | Date | null;

/** Every statement made, by name: a name used for two texts is refused. */
const made = new Map<string, Statement>();
const numbered = new Map<string, string>();

/** Every statement made so far (the schema-drift test prepares each on the databases it is for). */
export const madeStatements = (): Statement[] => [...made.values()];

/** The same SQL with pg's numbered placeholders. */
export const postgresText = (sql: string) => {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, text);
  }
  return text;
};

export function statement(name: string, sql: string, postgresOnly?: true): Statement {
  if (made.has(name) && made.get(name)!.sql !== sql) throw new Error(`two statements are named ${name}`);
  const query: Statement = postgresOnly ? { name, sql, postgresOnly } : { name, sql };
  made.set(name, query);
  return query;
}

/** Writes that commit together or not at all: see executeBatch. */
export type Batch = { writes: Statement[]; postgres: Statement };

/**
 * The writes as one batch. On pg they are sent as one statement: each write but the last is a
 * data-modifying WITH, all of them run in that statement's snapshot and its foreign keys are
 * checked at its end, so it commits or fails whole in one round trip instead of BEGIN, each write
 * and COMMIT. On SQLite they run in one transaction, synchronously.
 */
export function batch(name: string, writes: Statement[]): Batch {
  const last = writes.at(-1)!;
  const before = writes.slice(0, -1).map((write, i) => `w${i} AS (${write.sql})`);
  return { writes, postgres: statement(name, `WITH ${before.join(", ")} ${last.sql}`, true) };
}

const preparedBySqlite = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function prepared(database: BetterSqlite3.Database, { sql }: Statement): BetterSqlite3.Statement {
  let statements = preparedBySqlite.get(database);
  if (!statements) preparedBySqlite.set(database, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = database.prepare(sql)));
  return prepared;
}

// What Prisma writes on each database: SQLite keeps DateTime as ISO text with "+00:00", which its
// comparisons order as text; booleans are 0 and 1.
const sqliteParam = (value: Param) =>
  value instanceof Date
    ? value.toISOString().replace("Z", "+00:00")
    : typeof value === "boolean"
      ? Number(value)
      : value;
const postgresParam = (value: Param) => (value instanceof Date ? value.toISOString() : value);

/**
 * The statement as pg runs it: prepared once per pooled connection under its name, unless a
 * transaction pooler sits between (DATABASE_POOL_MODE=transaction), which may send the next call
 * to a server connection that never saw it prepared: then unnamed, parsed on each call.
 */
const postgresQuery = (query: Statement, params: Param[], types: pg.CustomTypesConfig): pg.QueryConfig => ({
  ...(getConfig().databasePool.hasNamedStatements ? { name: query.name } : {}),
  text: postgresText(query.sql),
  values: params.map(postgresParam),
  types,
});

const isOpen = (connection: DriverConnection) =>
  connection.dialect === "sqlite" ? connection.database.open : !connection.pool.ended;

const isTracing = () => getConfig().tracing !== null;
const systemOf = (target: DriverConnection): DbSystem => (target.dialect === "postgres" ? "postgresql" : "sqlite");

/** The process's client's connection, opened through Prisma when it is not yet (or no longer). */
async function connection(): Promise<DriverConnection> {
  const db = getDb();
  const current = driverConnectionOf(db);
  if (current && isOpen(current)) return current;
  await db.$connect();
  const opened = driverConnectionOf(db);
  if (!opened) throw new Error("the database client opened no driver connection");
  return opened;
}

/** The first row the statement selects, as the driver reads it (decode it with `decodeRow`). */
export async function queryRow(query: Statement, params: Param[]): Promise<Record<string, unknown> | undefined> {
  const target = await connection();
  if (isTracing()) return traceQuery(systemOf(target), query.sql, () => runQueryRow(target, query, params));
  return runQueryRow(target, query, params);
}

async function runQueryRow(
  target: DriverConnection,
  query: Statement,
  params: Param[],
): Promise<Record<string, unknown> | undefined> {
  if (target.dialect === "sqlite") {
    const values = params.map(sqliteParam);
    return target.exclusive(
      () => prepared(target.database, query).get(...values) as Record<string, unknown> | undefined,
    );
  }
  const { rows } = await target.pool.query(postgresQuery(query, params, target.types));
  return rows[0] as Record<string, unknown> | undefined;
}

/** Runs a statement that writes; the number of rows it changed. */
export async function execute(query: Statement, params: Param[]): Promise<number> {
  const target = await connection();
  if (isTracing()) return traceQuery(systemOf(target), query.sql, () => runExecute(target, query, params));
  return runExecute(target, query, params);
}

async function runExecute(target: DriverConnection, query: Statement, params: Param[]): Promise<number> {
  if (target.dialect === "sqlite") {
    const values = params.map(sqliteParam);
    return target.exclusive(() => prepared(target.database, query).run(...values).changes);
  }
  const result = await target.pool.query(postgresQuery(query, params, target.types));
  return result.rowCount ?? 0;
}

/** Runs a batch's writes, each with its parameters: all committed or none. */
export async function executeBatch(batched: Batch, params: Param[][]): Promise<void> {
  const target = await connection();
  const sql =
    target.dialect === "postgres" ? batched.postgres.sql : batched.writes.map((write) => write.sql).join(";\n");
  if (isTracing()) return traceQuery(systemOf(target), sql, () => runBatch(target, batched, params));
  return runBatch(target, batched, params);
}

async function runBatch(target: DriverConnection, { writes, postgres }: Batch, params: Param[][]): Promise<void> {
  if (target.dialect === "postgres") {
    await target.pool.query(postgresQuery(postgres, params.flat(), target.types));
    return;
  }
  const { database } = target;
  const runs = writes.map((query, i) => [prepared(database, query), params[i]!.map(sqliteParam)] as const);
  // Synchronous from BEGIN to COMMIT: nothing else runs on the connection meanwhile.
  await target.exclusive(() => database.transaction(() => runs.forEach(([run, values]) => run.run(...values)))());
}

/** A value for a column of the type, as the driver binds it (JSON as its text). */
export function encodeValue(value: unknown, type: ColumnType): Param {
  if (value === undefined || value === null) return null;
  if (type === "Json") return JSON.stringify(value);
  return value as Param;
}

function decodeValue(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "BigInt":
      // SQLite's integers arrive as bigint (the adapter's safe integers), pg's int8 as text.
      return BigInt(value as bigint | string | number);
    case "Int":
      return Number(value);
    case "Boolean":
      return value === true || value === 1 || value === 1n;
    case "DateTime": {
      // SQLite: "2026-11-28T02:36:33.224+00:00"; pg: "2026-11-28 02:36:33.224", UTC without a zone.
      const text = String(value);
      return new Date(/[Zz]|[+-]\d\d:\d\d$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
    }
    case "Json":
      // SQLite keeps JSON as text; pg parses jsonb itself.
      return typeof value === "string" ? JSON.parse(value) : value;
    case "String":
      return String(value);
  }
}

/** A driver row with each column as Prisma would return it, by the columns' model types. */
export function decodeRow<C extends Columns>(row: Record<string, unknown>, columns: C): Record<keyof C, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(columns)) {
    if (!(name in row)) throw new Error(`the driver's row has no column ${name}`);
    decoded[name] = decodeValue(row[name], type);
  }
  return decoded as Record<keyof C, unknown>;
}
