// npm run profile:pix | profile:status [-- --seconds N --database postgres]   (needs a build)
// The gateway as `npm start` serves it, one process under `node --cpu-prof`, loaded with
// POST /api/pix (each request a new deposit) or POST /api/status (over seeded deposits) at 16
// connections on SQLite (or the first database --database names), then stopped with SIGINT so the profile is written. Prints self time by
// package (through the build's source maps for code Next.js bundled) and the hottest functions.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ARGUMENTS,
  type Bench,
  DATABASES,
  SECONDS,
  freshDatabase,
  loadOnce,
  requireBuild,
  startGateway,
  stopServer,
} from "./harness";
import { STANDALONE_DIR } from "../scripts/runtime-layout";
import { pixData } from "./pix-data";
import { statusRequests } from "./status-data";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const routes: Record<string, Pick<Bench, "data" | "seed">> = { pix: { data: pixData }, status: statusRequests() };
const route = ARGUMENTS[0] ?? "pix";
const requests = routes[route];
if (!requests) {
  console.error(`usage: tsx bench/profile.ts ${Object.keys(routes).join("|")}`);
  process.exit(2);
}
await requireBuild();
process.env.WEB_CONCURRENCY = "1";
const dir = mkdtempSync(path.join(tmpdir(), "cashier-profile-"));
const db = await freshDatabase(DATABASES[0]!, requests.seed ?? (async () => undefined));
if (!db) throw new Error("no database");
const server = await startGateway(db.url, 3312, ["--cpu-prof", "--cpu-prof-dir", dir]);
// Samples are kept from the measured load only: V8 stamps them with the same monotonic clock.
const loadStarted = Number(process.hrtime.bigint() / 1000n) + 1_000_000;
const result = await loadOnce(`http://127.0.0.1:3312/api/${route}`, 16, SECONDS, requests.data, server);
const loadEnded = Number(process.hrtime.bigint() / 1000n);
await stopServer(server, "SIGINT");
await db.drop();

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    try {
      // The standalone folder holds no source maps: the build's own .next has them, beside the same chunks.
      const file = fileURLToPath(url).replace(`/${STANDALONE_DIR}/.next/`, "/.next/");
      maps.set(url, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** The package a frame's code belongs to: node_modules/<name>, ours, or node's own. */
/** Where a frame's code was written: the bundled file's source through its map, else its own URL, with the line. */
function sourceOf(frame: Node["callFrame"]): { source: string; line: number } {
  const source = decodeURIComponent(frame.url);
  if (source.includes("/.next/")) {
    const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && "originalSource" in entry)
      return { source: decodeURIComponent(entry.originalSource), line: entry.originalLine + 1 };
  }
  return { source, line: frame.lineNumber + 1 };
}

function packageOf(frame: Node["callFrame"]): string {
  if (frame.url === "") return frame.functionName.startsWith("(") ? frame.functionName : "node internals (native)";
  if (frame.url.startsWith("node:")) return "node internals";
  if (frame.url.startsWith("wasm:")) return "@prisma/* (wasm query compiler)";
  const { source } = sourceOf(frame);
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source.slice(source.lastIndexOf("node_modules/")));
  if (inModules) return inModules[1].startsWith("@prisma/") ? "@prisma/*" : inModules[1];
  if (source.includes("/.next/")) return "next (bundled runtime)";
  if (source.includes("/lib/db/generated/")) return "@prisma/* (generated client)";
  return "ours";
}

/** A function of ours by where it was written (the build minifies names), else "". */
function oursName(frame: Node["callFrame"]): string {
  if (packageOf(frame) !== "ours") return "";
  const { source, line } = sourceOf(frame);
  return `${source.replace(/^.*?\/(lib|app|proxy\.ts)\b/, "$1")}:${line}`;
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
/** Time in a function of ours or anything it called: where the request's time goes, step by step. */
const inclusive = new Map<string, number>();
let total = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const oursByNode = new Map<number, string>();
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    at += micros;
    const frame = (nodes.get(id) as Node).callFrame;
    if (frame.functionName === "(idle)" || at < loadStarted || at > loadEnded) return;
    const owner = packageOf(frame);
    total += micros;
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + micros);
    // An anonymous function of ours or of node's is named by where it was written.
    const where = () => {
      const { source, line } = sourceOf(frame);
      return `${source.replace(/^.*?\/(lib|app|scripts|proxy\.ts|node_modules\/next)\b/, "$1").replace(/^node:/, "node:")}:${line}`;
    };
    const isPlace = !frame.functionName && (owner === "ours" || owner === "node internals");
    const name = `${isPlace ? `(anonymous ${where()})` : frame.functionName || "(anonymous)"} [${owner}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    const onStack = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const ours = oursByNode.get(node) ?? oursName((nodes.get(node) as Node).callFrame);
      oursByNode.set(node, ours);
      if (ours) onStack.add(ours);
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  });
}
rmSync(dir, { recursive: true, force: true });

const print = (entries: Map<string, number>, limit: number) => {
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(
      `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
  }
};
console.log(
  `POST /api/${route}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.non2xx} non-2xx, ${result.cpuMsPerRequest.toFixed(2)} ms of CPU per request; the server's CPU time during the measured load, idle excluded: ${(total / 1e6).toFixed(1)} s`,
);
console.log("\nself time by package");
print(byPackage, 20);
console.log("\nhottest functions (self time)");
print(byFunction, 20);
console.log("\nour functions, with what they call (inclusive time)");
print(inclusive, 30);
