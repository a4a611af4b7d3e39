// A test's own look at a gateway process's database (test/support/gateway-process.ts), beside the
// server, not through it: how many rows each table holds, read on a read-only connection, so that
// a fuzz can tell whether a refused request wrote anything; and the one fixture no command makes,
// a setup link past its expiry.
import Database from "better-sqlite3";
import pg from "pg";
import type { GatewayProcess } from "./gateway-process";

/**
 * Audit rows that record a refusal: a refused sign-in, its address or account throttled, a
 * console action refused to its actor. A refusal may write these and nothing else.
 */
const REFUSAL_AUDIT_ACTIONS = [
  "session.login_failed",
  "session.login_throttled",
  "session.account_throttled",
  "access.denied",
];

export type RowCounts = Map<string, number>;

export type GatewayRows = {
  /** Rows per table; AuditEvent's count leaves out the refusal records above. */
  count: () => Promise<RowCounts>;
  /** The console user's setup links expire now: what waiting CONSOLE_SETUP_LINK_HOURS would do. */
  expireSetupLinks: (userId: string) => Promise<void>;
  close: () => Promise<void>;
};

function countQuery(tables: string[]): string {
  return tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, COUNT(*) AS n FROM "${table}"` +
        (table === "AuditEvent"
          ? ` WHERE action NOT IN (${REFUSAL_AUDIT_ACTIONS.map((action) => `'${action}'`).join(", ")})`
          : ""),
    )
    .join(" UNION ALL ");
}

const EXPIRE_LINKS = `UPDATE "ConsoleSetupToken" SET "expiresAt" = "createdAt" WHERE "userId" = `;

export async function openGatewayRows(gateway: GatewayProcess): Promise<GatewayRows> {
  if (gateway.provider === "sqlite") {
    const file = gateway.databaseUrl.replace(/^file:/, "");
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
        name: string;
      }[]
    )
      .map((row) => row.name)
      .filter((name) => name !== "_prisma_migrations");
    const counts = db.prepare(countQuery(tables));
    return {
      count: async () => new Map((counts.all() as { name: string; n: number }[]).map((row) => [row.name, row.n])),
      expireSetupLinks: async (userId) => {
        const writer = new Database(file, { fileMustExist: true, timeout: 10_000 });
        writer.prepare(`${EXPIRE_LINKS}?`).run(userId);
        writer.close();
      },
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({
    connectionString: gateway.databaseUrl,
    options: "-c default_transaction_read_only=on",
  });
  await client.connect();
  const tables = (
    await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)
  ).rows
    .map((row) => row.tablename)
    .filter((name) => name !== "_prisma_migrations");
  const query = countQuery(tables);
  return {
    count: async () =>
      new Map((await client.query<{ name: string; n: string }>(query)).rows.map((row) => [row.name, Number(row.n)])),
    expireSetupLinks: async (userId) => {
      const writer = new pg.Client({ connectionString: gateway.databaseUrl });
      await writer.connect();
      await writer.query(`${EXPIRE_LINKS}$1`, [userId]);
      await writer.end();
    },
    close: () => client.end(),
  };
}

/** The tables that gained rows from `before` to `after`, with how many. */
export function rowsWritten(before: RowCounts, after: RowCounts): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [table, n] of after) {
    const gained = n - (before.get(table) ?? 0);
    if (gained > 0) grown[table] = gained;
  }
  return grown;
}
