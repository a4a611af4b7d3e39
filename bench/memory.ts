// npm run bench:memory [-- --seconds N --database sqlite,postgres]   (needs a build: npm run build)
// Resident memory of every process of one instance, as npm start runs it, beside the Next.js
// floor's (bench/next-floor, compiled and run the same way): idle, then under the Pix bench's load
// at 16 connections, with one and with two workers, each on a fresh database. The goals of issue
// 38 (bench/README.md) are printed met or missed: the primary under 60 MB, a worker under load
// within 1.3× the floor's, and no process but node below the primary.
import path from "node:path";
import { readProcessTree } from "../test/support/process-tree";
import {
  DATABASES,
  SECONDS,
  freshDatabase,
  loadOnce,
  requireBuild,
  residentMb,
  startFloor,
  startGateway,
  stopServer,
} from "./harness";
import { pixData } from "./pix-data";

const GOALS = { primaryMb: 60, workerToFloor: 1.3 };
const CONNECTIONS = 16;
const PORT = 3320;

type Figures = { idle: number[]; loaded: number[]; programs: string[] };

/** Idle figures once the workers have settled, then the figures sampled halfway through the load. */
async function measure(side: "gateway" | "floor", database: string): Promise<Figures | null> {
  const db = await freshDatabase(database, async () => undefined);
  if (!db) return null;
  const server = side === "gateway" ? await startGateway(db.url, PORT) : await startFloor(db, PORT);
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = residentMb(server.pid as number);
    const programs = readProcessTree(server.pid as number).map(
      (row) => `${path.basename(row.exe)} ${row.argv.slice(1).join(" ")}`,
    );
    const loaded = await loadOnce(`http://127.0.0.1:${PORT}/api/pix`, CONNECTIONS, SECONDS, pixData, server);
    if (loaded.non2xx + loaded.errors > 0)
      throw new Error(`${side}: ${loaded.non2xx + loaded.errors} requests refused`);
    return { idle, loaded: loaded.rssMb, programs };
  } finally {
    await stopServer(server);
    await db.drop();
  }
}

const verdict = (isMet: boolean) => (isMet ? "met" : "MISSED");
const workers = (mb: number[]) => mb.slice(1).join(" + ");

await requireBuild();
console.log(`resident memory (MB) of one instance, idle and under POST /api/pix at ${CONNECTIONS} connections`);
const lines: string[] = [];
let isMissed = false;
for (const database of DATABASES) {
  for (const concurrency of ["1", "2"]) {
    process.env.WEB_CONCURRENCY = concurrency;
    const gateway = await measure("gateway", database);
    const floor = await measure("floor", database);
    if (!gateway || !floor) {
      console.log(`\n${database}: PostgreSQL not reachable: skipped`);
      break;
    }
    console.log(`\n${database}, WEB_CONCURRENCY ${concurrency}`);
    console.log(`${"".padEnd(9)} ${"primary idle/load".padEnd(18)} ${"workers idle".padEnd(14)} workers under load`);
    for (const [name, figures] of [
      ["gateway", gateway],
      ["floor", floor],
    ] as const) {
      console.log(
        `${name.padEnd(9)} ${`${figures.idle[0]} / ${figures.loaded[0]}`.padEnd(18)} ${workers(figures.idle).padEnd(14)} ${workers(figures.loaded)}`,
      );
    }
    console.log(`processes: ${gateway.programs.join("; ")}`);
    const primary = Math.max(gateway.idle[0], gateway.loaded[0]);
    const ratio = Math.max(...gateway.loaded.slice(1)) / Math.max(...floor.loaded.slice(1));
    const onlyNode = gateway.programs.every((program) => program.startsWith("node"));
    const checks = [
      [`primary ${primary} MB (goal < ${GOALS.primaryMb} MB)`, primary < GOALS.primaryMb],
      [
        `worker under load ${ratio.toFixed(2)}× the floor's (goal ≤ ${GOALS.workerToFloor}×)`,
        ratio <= GOALS.workerToFloor,
      ],
      [`only node processes (${gateway.programs.length})`, onlyNode],
    ] as const;
    for (const [text, isMet] of checks) {
      lines.push(`${database}, ${concurrency} worker${concurrency === "1" ? "" : "s"}: ${text}: ${verdict(isMet)}`);
      isMissed ||= !isMet;
    }
  }
}
console.log(`\n${lines.join("\n")}`);
if (isMissed) process.exitCode = 1;
