import path from "node:path";

export type DatabaseTarget = { provider: "sqlite"; filename: string } | { provider: "postgres"; url: string };

/** DATABASE_URL decides the database at run time: postgres(ql):// or a SQLite file: URL. */
export function resolveDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { provider: "postgres", url };
  const file = url.replace(/^file:(\/\/)?/, "");
  return { provider: "sqlite", filename: file === ":memory:" ? file : path.resolve(file) };
}
