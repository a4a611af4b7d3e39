// Database spans (issue 39): one client span per statement the gateway sends, Prisma's (through
// its driver adapter, and inside its transactions) and lib/db/driver's prepared ones, named by the
// statement's operation and table as OpenTelemetry's database conventions name them. The text is
// the statement with its placeholders, never the values bound to them.
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { SpanKind, inSpan } from "../tracing/spans";
import { withOverrides } from "./serialize-sqlite-adapter";

export type DbSystem = "postgresql" | "sqlite";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Query = Parameters<Adapter["queryRaw"]>[0];

/** `SELECT Transaction`: the operation and the first table it names. */
function summarize(sql: string): string {
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? "QUERY";
  const table = /\b(?:FROM|INTO|UPDATE)\s+(?:"?\w+"?\.)?"?(\w+)/i.exec(sql)?.[1];
  return table ? `${operation} ${table}` : operation;
}

export function traceQuery<T>(system: DbSystem, sql: string, run: () => Promise<T>): Promise<T> {
  const summary = summarize(sql);
  return inSpan(
    summary,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "db.system.name": system,
        "db.operation.name": summary.split(" ")[0],
        "db.query.summary": summary,
        "db.query.text": sql,
      },
    },
    run,
  );
}

/** The adapter with every statement it runs, its transactions' too, in a span. */
export function traceAdapter<A extends Pick<Adapter, "queryRaw" | "executeRaw" | "startTransaction">>(
  adapter: A,
  system: DbSystem,
): A {
  const traced = <T extends Pick<Adapter, "queryRaw" | "executeRaw">>(target: T) => ({
    queryRaw: (query: Query) => traceQuery(system, query.sql, () => target.queryRaw(query)),
    executeRaw: (query: Query) => traceQuery(system, query.sql, () => target.executeRaw(query)),
  });
  return withOverrides(adapter, {
    ...traced(adapter),
    startTransaction: async (...args: Parameters<Adapter["startTransaction"]>) => {
      const transaction = await adapter.startTransaction(...args);
      return withOverrides(transaction, traced(transaction));
    },
  } as Partial<A>);
}
