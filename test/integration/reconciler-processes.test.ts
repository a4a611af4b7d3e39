// Three servers' reconcilers, each a process of its own, against one PostgreSQL database and one
// PSP: only the holder of the reconciliation lease asks the PSP, so a pending deposit is asked
// about once an interval however many servers run, and when the holder stops another takes over.
// SQLite is one file on one machine, so only PostgreSQL runs several servers.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { type Exchange, startPspSimulator } from "../psp-simulator/start-psp-simulator";

const INTERVAL_MS = 1_000;
const root = path.resolve(import.meta.dirname, "../..");

const simulator = await startPspSimulator({ webhooksEnabled: false });
// Before anything reads the configuration: this process creates the deposits at the same PSP.
Object.assign(process.env, simulator.env);
// The simulator records what each request asked; this records when it arrived.
const askedAt = new Map<Exchange, number>();
const record = simulator.exchanges.push.bind(simulator.exchanges);
simulator.exchanges.push = (...exchanges: Exchange[]) => {
  for (const exchange of exchanges) askedAt.set(exchange, Date.now());
  return record(...exchanges);
};

const { POST: pix } = await import("@/app/api/pix/route");
const { getDb } = await import("@/lib/db/client");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { pixDepositRequest } = await import("../support/requests");

type LogLine = { time: string; pid: number; msg: string };
type Reconciler = {
  child: ChildProcess;
  lines: LogLine[];
  output: () => string;
  ready: Promise<void>;
  exited: Promise<void>;
};

const reconcilers: Reconciler[] = [];

function startReconciler(): Reconciler {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/reconciler-process.ts"), String(INTERVAL_MS)],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: LogLine[] = [];
  let output = "";
  let pending = "";
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) {
      if (line === "ready") markReady();
      else if (line.startsWith("{")) lines.push(JSON.parse(line) as LogLine);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const reconciler = { child, lines, output: () => output, ready, exited };
  reconcilers.push(reconciler);
  return reconciler;
}

afterAll(async () => {
  for (const { child, exited } of reconcilers) {
    child.kill("SIGKILL");
    await exited;
  }
  await simulator.close();
});

const leaseOwner = async () =>
  (await getDb().jobLease.findUnique({ where: { name: "reconciliation" } }))?.owner ?? null;
const pidOf = (owner: string) => Number(owner.split(":").at(-2));

describe.skipIf(process.env.TEST_DATABASE !== "postgres")("three servers reconciling with one PSP", () => {
  it("ask the PSP about each pending deposit at most once an interval, one server at a time, and hand over when the holder stops", async () => {
    const live = await createTestMerchant({ name: "Loja Real", mode: "live" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await readSigned(await postSigned(pix, live, pixDepositRequest()), live)).data.id as string);
    // Older than a charge call that may still be answered, so reconciliation asks about them.
    await getDb().transaction.updateMany({
      where: { id: { in: ids } },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    const txids = (await getDb().transaction.findMany({ where: { id: { in: ids } } })).map(
      (row) => row.pixTxid as string,
    );

    const started = [startReconciler(), startReconciler(), startReconciler()];
    // Three TypeScript processes starting at once took over 20 s on CI's loaded machine.
    await Promise.race([
      Promise.all(started.map((r) => r.ready)),
      sleep(120_000).then(() => Promise.reject(new Error(started.map((r) => r.output()).join("\n")))),
    ]);
    const allRunningAt = Date.now();

    // The lease as the database holds it, every 100 ms, while the servers run.
    const owners: string[] = [];
    let isSampling = true;
    const sampling = (async () => {
      while (isSampling) {
        const owner = await leaseOwner();
        if (owner && owners.at(-1) !== owner) owners.push(owner);
        await sleep(100);
      }
    })();

    await sleep(4 * INTERVAL_MS);
    const holderOwner = await leaseOwner();
    expect(holderOwner).not.toBeNull();
    const holder = started.find((r) => r.child.pid === pidOf(holderOwner as string));
    expect(holder).toBeDefined();
    holder?.child.kill("SIGTERM");
    await holder?.exited;
    const holderStoppedAt = Date.now();
    // Released on the way out, not left to lapse three intervals later.
    expect(await leaseOwner()).not.toBe(holderOwner);

    await sleep(3 * INTERVAL_MS);
    isSampling = false;
    await sampling;
    for (const { child } of started) child.kill("SIGTERM");
    await Promise.all(started.map((r) => r.exited));

    // One holder, then one successor: never two at once, and never back and forth.
    expect(owners).toHaveLength(2);
    expect(owners[0]).toBe(holderOwner);
    const runs = started
      .flatMap((r) => r.lines)
      .filter((line) => line.msg === "reconciliation")
      .map((line) => ({ at: Date.parse(line.time), pid: line.pid }))
      .sort((a, b) => a.at - b.at);
    const runners = runs.map((run) => run.pid).filter((pid, i, all) => i === 0 || all[i - 1] !== pid);
    expect(runners).toEqual([holder?.child.pid, pidOf(owners[1])]);
    expect(runs.filter((run) => run.at >= holderStoppedAt).length).toBeGreaterThanOrEqual(2);

    for (const txid of txids) {
      const asked = simulator.exchanges
        .filter((e) => e.method === "GET" && e.path === `/cob/${txid}` && (askedAt.get(e) ?? 0) >= allRunningAt)
        .map((e) => askedAt.get(e) as number)
        .sort((a, b) => a - b);
      // About once an interval over the 7 s (three servers each asking would be 3 times as many);
      // on a loaded machine a run can slip by an interval, so the floor only says they go on.
      expect(asked.length).toBeGreaterThanOrEqual(3);
      expect(asked.length).toBeLessThanOrEqual(9);
      // While all three ran, never twice in one interval; a handover may come sooner than one.
      const steady = asked.filter((at) => at < holderStoppedAt);
      for (let i = 1; i < steady.length; i++) expect(steady[i] - steady[i - 1]).toBeGreaterThanOrEqual(INTERVAL_MS / 2);
      const afterHandover = asked.filter((at) => at > holderStoppedAt);
      for (let i = 1; i < afterHandover.length; i++)
        expect(afterHandover[i] - afterHandover[i - 1]).toBeGreaterThanOrEqual(INTERVAL_MS / 2);
    }
    expect(await getDb().transaction.count({ where: { id: { in: ids }, status: "pending" } })).toBe(3);
  }, 240_000);
});
