// npm run soak -- --minutes N [--database sqlite|postgres] [--instances 1|2] [--port P]
//                 [--users U] [--rate R]
// Mixed traffic against the production build (npm run build first) for N minutes, then the
// report of test/support/soak: errors by kind, latency per operation, each server process's
// memory each minute, the ledger and outbox invariants. Two instances share one PostgreSQL
// database (TEST_POSTGRES_URL or the local default) and one Redis (REDIS_URL or the local default).
// Exits 1 on any error, broken invariant or (10 minutes or more) memory growth past 10 %.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatSoakReport, runSoak } from "../test/support/soak";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    database: { type: "string" },
    instances: { type: "string", default: "1" },
    port: { type: "string", default: "3400" },
    users: { type: "string", default: "8" },
    rate: { type: "string", default: "20" },
  },
});

const instances = Number(values.instances);
const database = values.database ?? (instances === 2 ? "postgres" : "sqlite");
const minutes = Number(values.minutes);
if (instances !== 1 && instances !== 2) throw new Error("--instances: 1 or 2");
if (database !== "sqlite" && database !== "postgres") throw new Error("--database: sqlite or postgres");
if (instances === 2 && database !== "postgres") throw new Error("two instances share one PostgreSQL database");
if (!(minutes > 0)) throw new Error("--minutes: a positive number");
if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
  console.error("no build: run npm run build first");
  process.exit(2);
}
process.env.TEST_POSTGRES_URL ??= "postgresql://postgres@127.0.0.1:5432/test";

const report = await runSoak({
  minutes,
  database,
  instances,
  port: Number(values.port),
  users: Number(values.users),
  rate: Number(values.rate),
  redisUrl: instances === 2 ? (process.env.REDIS_URL ?? "redis://127.0.0.1:6379") : undefined,
  log: (line) => console.log(line),
});
console.log(`\n${formatSoakReport(report)}`);
process.exit(report.isPassed ? 0 : 1);
