// The soak: the production build (test/support/gateway-process) under steady mixed traffic for N
// minutes, on one gateway or two sharing one PostgreSQL database and one Redis, its callbacks sent
// to a local receiver that now and then answers 500 first. It reports errors by kind, latency per
// operation, every server process's resident memory each minute, and, once the traffic has drained,
// the ledger and outbox invariants read from the database. `npm run soak` prints the report;
// e2e/soak.spec.ts asserts it.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { type Receiver, startReceiver } from "./callback-receiver";
import { type GatewayProcess, startGateway } from "./gateway-process";
import { readProcessTree } from "./process-tree";
import { type Invariant, checkInvariants, countPendingCallbacks, openSoakDatabase } from "./soak-invariants";
import { type SoakError, type SoakMerchant, SoakRecorder, startTraffic } from "./soak-traffic";

export type SoakOptions = {
  minutes: number;
  database: "sqlite" | "postgres";
  /** Two gateways share one PostgreSQL database and one Redis. */
  instances: 1 | 2;
  /** The first gateway's port; the second's is the next one, the receiver's the one after. */
  port: number;
  users?: number;
  /** Requests per second across all users. */
  rate?: number;
  redisUrl?: string;
  /** Progress lines while it runs (each minute's memory, counts). */
  log?: (line: string) => void;
};

export type MemorySample = {
  minute: number;
  processes: { gateway: number; pid: number; role: string; rssMb: number }[];
};
export type Latency = { operation: string; count: number; p50: number; p99: number };
export type ServerLog = {
  gateway: number;
  warnings: Record<string, number>;
  unstructured: number;
  firstUnstructured: string;
};
export type MemoryGrowth = {
  gateway: number;
  pid: number;
  role: string;
  /** Minute 5, or the first sample in a shorter run. */
  fromMinute: number;
  fromMb: number;
  toMb: number;
  growth: number;
};

export type SoakReport = {
  options: Required<Omit<SoakOptions, "log" | "redisUrl">> & { redisUrl: string | null };
  requests: number;
  /** Requests per gateway, in the order they were started. */
  requestsPerGateway: number[];
  seconds: number;
  callbacks: { received: number; retried: number };
  errors: SoakError[];
  latencies: Latency[];
  memory: MemorySample[];
  /** Growth of each process from minute 5 to the end of the traffic; judged only for runs of 10 minutes or more. */
  growth: MemoryGrowth[];
  invariants: Invariant[];
  logs: ServerLog[];
  isPassed: boolean;
};

const MERCHANTS = 2;
const MEMORY_GROWTH_LIMIT = 0.1;
const DRAIN_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  if (options.instances === 2 && (options.database !== "postgres" || !options.redisUrl))
    throw new Error("two instances share one PostgreSQL database and one Redis: pass both");
  const log = options.log ?? (() => undefined);
  const users = options.users ?? 8;
  const rate = options.rate ?? 20;
  const runId = randomBytes(3).toString("hex");
  const recorder = new SoakRecorder();
  const gateways: GatewayProcess[] = [];
  let receiver: Receiver | null = null;

  try {
    receiver = await startReceiver({ port: options.port + options.instances, fallback: { status: 200 } });
    // 500 to one event in ten on its first attempt, so retries happen; 200 to everything else.
    const failedOnce = new Set<string>();
    const answered: number[] = [];
    receiver.decide = ({ data }) => {
      const eventId = String(data.event_id ?? "");
      const isFirst = !failedOnce.has(eventId) && Math.random() < 0.1;
      if (isFirst) failedOnce.add(eventId);
      answered.push(isFirst ? 500 : 200);
      return isFirst ? { status: 500, body: "try again" } : { status: 200, body: "ok" };
    };
    const shopUrl = `http://127.0.0.1:${receiver.port}`;

    const env = {
      CASHIER_SEED_DEMO: "false",
      // Retries within seconds, so a 500 is followed by its 200 before the run ends.
      CALLBACK_RETRY_SCHEDULE: "2,5,10,30",
      // Nothing expires by the clock during a run: the soak decides every outcome, and an expiry
      // landing while the invariants are read would race them.
      PIX_EXPIRATION_SECONDS: String(7 * 24 * 3600),
      PAYMENT_URL_EXPIRATION_SECONDS: String(7 * 24 * 3600),
    };
    const first = await startGateway({
      database: options.database,
      port: options.port,
      redisUrl: options.redisUrl,
      env,
    });
    gateways.push(first);
    if (options.instances === 2)
      gateways.push(
        await startGateway({
          database: "postgres",
          port: options.port + 1,
          redisUrl: options.redisUrl,
          env,
          sharing: first,
        }),
      );
    log(`gateways: ${gateways.map((g) => `${g.url} (pid ${g.pid()})`).join(", ")} on ${options.database}`);

    const merchants = await Promise.all(
      Array.from({ length: MERCHANTS }, async (_, i): Promise<SoakMerchant> => {
        const created = JSON.parse(
          await first.cashier(
            "merchant",
            "create",
            "--name",
            `Soak ${runId} ${i + 1}`,
            "--callback-url",
            `${shopUrl}/callbacks/${i + 1}`,
            "--redirect-origin",
            shopUrl,
          ),
        ) as SoakMerchant;
        // Payouts draw on funds from the first minute, before paid deposits have brought any.
        await first.cashier("merchant", "fund", created.merchantId, "50000.00");
        return { merchantId: created.merchantId, keyId: created.keyId, secret: created.secret };
      }),
    );

    const started = Date.now();
    const memory: MemorySample[] = [sampleMemory(gateways, 0)];
    const traffic = startTraffic({
      instances: gateways.map((g) => g.url),
      merchants,
      users,
      ratePerSecond: rate,
      runId,
      shopUrl,
      recorder,
      operator: (...args) => first.cashier(...args),
    });
    log(`traffic: ${users} users, ${rate} requests/s, ${options.minutes} min`);
    const end = started + options.minutes * 60_000;
    for (let minute = 1; Date.now() < end; minute++) {
      await sleep(Math.max(0, Math.min(started + minute * 60_000, end) - Date.now()));
      const sample = sampleMemory(gateways, (Date.now() - started) / 60_000);
      memory.push(sample);
      checkProcesses(memory, recorder);
      log(progressLine(sample, recorder, receiver.received.length, Date.now() - started));
    }
    await traffic.stop();
    const seconds = (Date.now() - started) / 1000;
    log(`traffic stopped after ${seconds.toFixed(0)} s; draining the outbox`);

    const db = await openSoakDatabase(first.databaseUrl);
    let invariants: Invariant[] = [];
    try {
      const drainEnd = Date.now() + DRAIN_TIMEOUT_MS;
      let pending = await countPendingCallbacks(db);
      while (pending > 0 && Date.now() < drainEnd) {
        await sleep(500);
        pending = await countPendingCallbacks(db);
      }
      if (pending > 0)
        recorder.error(
          "callbacks not delivered",
          "outbox",
          `${pending} still pending ${DRAIN_TIMEOUT_MS / 1000} s after the traffic`,
        );
      // The last delivery's answer has been read once its event is marked; give the receiver's
      // bookkeeping the same moment.
      await sleep(200);
      const received = receiver.received.map((callback, i) => ({ ...callback, status: answered[i] }));
      invariants = await checkInvariants({ db, merchants, received, tracked: traffic.tracked });
    } finally {
      await db.close();
    }
    for (const invariant of invariants)
      if (invariant.violations.length > 0)
        recorder.error(
          "invariant",
          invariant.name,
          `${invariant.violations.length} violations`,
          invariant.violations[0],
        );

    const growth = memoryGrowth(memory);
    if (options.minutes >= 10)
      for (const grown of growth)
        if (grown.growth > MEMORY_GROWTH_LIMIT && (grown.role === "primary" || grown.role === "worker"))
          recorder.error(
            "memory growth",
            `gateway ${grown.gateway} ${grown.role} ${grown.pid}`,
            `${grown.fromMb} → ${grown.toMb} MB after minute 5`,
          );
    const logs = gateways.map((gateway, i) => readServerLog(gateway.output(), i + 1, recorder));

    return {
      options: {
        minutes: options.minutes,
        database: options.database,
        instances: options.instances,
        port: options.port,
        users,
        rate,
        redisUrl: options.redisUrl ?? null,
      },
      requests: recorder.requests,
      requestsPerGateway: gateways.map((gateway) => recorder.requestsTo.get(gateway.url) ?? 0),
      seconds,
      callbacks: { received: receiver.received.length, retried: failedOnce.size },
      errors: [...recorder.errors.values()],
      latencies: [...recorder.latencies.entries()].map(([operation, list]) => latency(operation, list)),
      memory,
      growth,
      invariants,
      logs,
      isPassed: recorder.errorCount() === 0,
    };
  } finally {
    for (const gateway of gateways.reverse()) await gateway.stop();
    await receiver?.close();
  }
}

function sampleMemory(gateways: GatewayProcess[], minute: number): MemorySample {
  return {
    minute,
    processes: gateways.flatMap((gateway, i) =>
      // A process gone between the listing and the read (a zombie) has no memory left to count.
      readProcessTree(gateway.pid())
        .filter((row) => row.rssKb > 0)
        .map((row) => {
          // node:cluster's workers are the primary's node children; anything else is named by its program.
          const program = path.basename(row.exe);
          const role =
            row.pid === gateway.pid()
              ? "primary"
              : row.ppid === gateway.pid() && program.startsWith("node")
                ? "worker"
                : program;
          return { gateway: i + 1, pid: row.pid, role, rssMb: Math.round(row.rssKb / 1024) };
        }),
    ),
  };
}

/** A server process that died or was replaced during the run is an error, whatever its memory said. */
function checkProcesses(memory: MemorySample[], recorder: SoakRecorder): void {
  const pids = (sample: MemorySample) =>
    sample.processes
      .map((p) => `${p.gateway}:${p.pid}`)
      .sort()
      .join(" ");
  const [first, previous, last] = [memory[0], memory[memory.length - 2], memory[memory.length - 1]];
  if (pids(last) !== pids(previous))
    recorder.error("process", "gateway", `processes ${pids(first)} became ${pids(last)}`);
}

function memoryGrowth(memory: MemorySample[]): MemoryGrowth[] {
  const base = memory.find((sample) => sample.minute >= 5) ?? memory[0];
  const last = memory[memory.length - 1];
  return base.processes.map(({ gateway, pid, role, rssMb }) => {
    const toMb = last.processes.find((p) => p.pid === pid)?.rssMb ?? 0;
    return { gateway, pid, role, fromMinute: base.minute, fromMb: rssMb, toMb, growth: toMb / rssMb - 1 };
  });
}

/**
 * The servers' own log after they became ready: error lines are errors; warnings (by message) and
 * lines the logger did not write (a stack printed by a library) are reported for a reader to judge.
 */
function readServerLog(output: string, gateway: number, recorder: SoakRecorder): ServerLog {
  const log: ServerLog = { gateway, warnings: {}, unstructured: 0, firstUnstructured: "" };
  const lines = output
    .slice(Math.max(0, output.indexOf("Ready in")))
    .split("\n")
    .slice(1);
  for (const line of lines) {
    let entry: { level?: string; msg?: string } | null = null;
    try {
      entry = JSON.parse(line) as { level?: string; msg?: string };
    } catch {
      // not the logger's
    }
    if (entry?.level === "error") recorder.error("logged error", `gateway ${gateway}`, String(entry.msg), line);
    else if (entry?.level === "warn") log.warnings[String(entry.msg)] = (log.warnings[String(entry.msg)] ?? 0) + 1;
    else if (!entry && line.trim()) {
      log.unstructured++;
      log.firstUnstructured ||= line.slice(0, 300);
    }
  }
  return log;
}

function latency(operation: string, list: number[]): Latency {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { operation, count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

function progressLine(sample: MemorySample, recorder: SoakRecorder, callbacks: number, ms: number): string {
  const byGateway = new Map<number, string[]>();
  for (const p of sample.processes)
    byGateway.set(p.gateway, [
      ...(byGateway.get(p.gateway) ?? []),
      `${p.role === "primary" ? "P" : "W"}${p.pid} ${p.rssMb}`,
    ]);
  const rss = [...byGateway].map(([gateway, list]) => `gateway ${gateway}: ${list.join(", ")} MB`).join(" · ");
  const seconds = ms / 1000;
  return (
    `[${sample.minute.toFixed(1).padStart(5)} min] ${recorder.requests} requests (${(recorder.requests / seconds).toFixed(1)}/s), ` +
    `${recorder.errorCount()} errors, ${callbacks} callbacks received · RSS ${rss}`
  );
}

/** The report as `npm run soak` prints it. */
export function formatSoakReport(report: SoakReport): string {
  const { options } = report;
  const lines: string[] = [];
  lines.push(
    `soak: ${options.minutes} min, ${options.instances} gateway(s) on ${options.database}` +
      `${options.redisUrl ? " with Redis" : ""}, ${options.users} users at ${options.rate} requests/s`,
    `${report.requests} requests in ${report.seconds.toFixed(0)} s (${(report.requests / report.seconds).toFixed(1)}/s` +
      `${report.requestsPerGateway.length > 1 ? `; per gateway ${report.requestsPerGateway.join(" and ")}` : ""}); ` +
      `${report.callbacks.received} callbacks received, ${report.callbacks.retried} answered 500 first`,
    "",
    "errors by kind:",
  );
  if (report.errors.length === 0) lines.push("  none");
  for (const kind of new Set(report.errors.map((e) => e.kind))) {
    const own = report.errors.filter((e) => e.kind === kind);
    lines.push(`  ${kind}: ${own.reduce((total, e) => total + e.count, 0)}`);
    for (const e of own) {
      lines.push(`    ${e.count} × ${e.operation}: ${e.detail}`);
      if (e.example) lines.push(`      e.g. ${e.example.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  }
  lines.push("", `${"operation".padEnd(40)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const l of [...report.latencies].sort((a, b) => a.operation.localeCompare(b.operation)))
    lines.push(
      `${l.operation.padEnd(40)} ${String(l.count).padStart(7)} ${String(l.p50).padStart(8)} ${String(l.p99).padStart(8)}`,
    );
  lines.push("", "resident memory (MB) per process, each minute:");
  const columns = report.memory[0]?.processes.map((p) => `g${p.gateway} ${p.role} ${p.pid}`) ?? [];
  lines.push(`  ${"minute".padEnd(7)} ${columns.map((c) => c.padStart(20)).join(" ")}`);
  for (const sample of report.memory) {
    const cells = (report.memory[0]?.processes ?? []).map((p) =>
      String(sample.processes.find((q) => q.pid === p.pid)?.rssMb ?? "-").padStart(20),
    );
    lines.push(`  ${sample.minute.toFixed(1).padEnd(7)} ${cells.join(" ")}`);
  }
  const judged = options.minutes >= 10 ? `limit ${MEMORY_GROWTH_LIMIT * 100} %` : "not judged under 10 minutes";
  lines.push(
    `growth from minute ${(report.growth[0]?.fromMinute ?? 0).toFixed(1)} to the end of the traffic (${judged}):`,
  );
  for (const g of report.growth)
    lines.push(
      `  gateway ${g.gateway} ${g.role} ${g.pid}: ${g.fromMb} → ${g.toMb} MB (${(g.growth * 100).toFixed(1)} %)`,
    );
  lines.push("", "invariants:");
  for (const invariant of report.invariants) {
    const verdict = invariant.violations.length === 0 ? "held" : `BROKEN (${invariant.violations.length})`;
    lines.push(`  ${verdict.padEnd(12)} ${invariant.name} (${invariant.checked} checked)`);
    for (const violation of invariant.violations.slice(0, 5)) lines.push(`      ${violation}`);
  }
  lines.push("", "the servers' log after start (error lines are counted above):");
  for (const log of report.logs) {
    const warnings = Object.entries(log.warnings).map(([message, count]) => `${count} × ${message}`);
    lines.push(`  gateway ${log.gateway}: warnings ${warnings.join(", ") || "none"}; other lines ${log.unstructured}`);
    if (log.firstUnstructured) lines.push(`      e.g. ${log.firstUnstructured}`);
  }
  lines.push("", report.isPassed ? "PASSED: 0 errors, invariants held" : "FAILED");
  return lines.join("\n");
}
