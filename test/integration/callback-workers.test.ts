// Workers as separate processes, as they run in production: crashes and concurrency.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCallbackEvent, listCallbackAttempts } from "@/lib/db/callback-events";
import { getDb } from "@/lib/db/client";
import { createTestMerchant, type TestMerchant } from "../support/api";
import { type Receiver, startReceiver } from "../support/callback-receiver";
import { completePayoutWithCallback } from "../support/outbox";
import { runTool } from "../support/run-tool";

const root = path.resolve(import.meta.dirname, "../..");
// A 1 s timeout makes the lease 3 s, so a crashed worker's claim lapses within the test.
const fastEnv = { CALLBACK_TIMEOUT_SECONDS: "1", CALLBACK_POLL_MS: "100" };
// A lease of 9 s (three timeouts): long enough that a second worker's start, seconds on a loaded
// machine, still finds it held; a 3 s lease lapsed before it on CI-like load.
const leaseEnv = { ...fastEnv, CALLBACK_TIMEOUT_SECONDS: "3" };
const EVENTS = 60;

let receiver: Receiver;
let merchant: TestMerchant;

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
});

afterAll(() => receiver.close());

function startProcess(args: string[], env: Record<string, string> = {}) {
  // node itself with tsx's loader, not the tsx wrapper: SIGKILL must reach the process that works.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const waitFor = async (condition: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("crashes", () => {
  it("delivers, after a restart, the callback of a process killed with SIGKILL after its state change", async () => {
    receiver.received.length = 0;
    const writer = startProcess([
      path.join(root, "test/support/complete-payout-process.ts"),
      merchant.merchantId,
      "--hang",
    ]);
    await waitFor(() => writer.output().includes("committed"));
    writer.child.kill("SIGKILL");
    await writer.exited;
    const eventId = /committed (evt_\w+)/.exec(writer.output())?.[1] as string;
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "pending", attempts: 0 });
    expect(receiver.received).toHaveLength(0);

    const worker = await runTool("cashier", ["callbacks", "run", "--once"]);
    expect(worker.code).toBe(0);
    expect(JSON.parse(worker.stdout)).toEqual({ attempts: 1 });
    expect(receiver.received.map((r) => r.data.event_id)).toEqual([eventId]);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("keeps the attempt of a worker killed mid-delivery on record, and takes the event over once its lease lapses, never before", async () => {
    receiver.received.length = 0;
    receiver.replies.push("hang");
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    const doomed = startProcess([path.join(root, "scripts/cashier.ts"), "callbacks", "run"], leaseEnv);
    await waitFor(() => receiver.received.length === 1);
    doomed.child.kill("SIGKILL");
    await doomed.exited;
    // Recorded before it was sent: the POST the merchant received is on record, unfinished.
    expect(await listCallbackAttempts(getDb(), eventId)).toEqual([
      expect.objectContaining({
        number: 1,
        url: receiver.url,
        keyId: merchant.keyId,
        finishedAt: null,
        httpStatus: null,
        isSuccess: false,
      }),
    ]);

    // The lease still holds: nobody may send the event while the crashed worker might be sending.
    const early = await runTool("cashier", ["callbacks", "run", "--once"], leaseEnv);
    expect(JSON.parse(early.stdout)).toEqual({ attempts: 0 });
    expect(receiver.received).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 9_200));
    const late = await runTool("cashier", ["callbacks", "run", "--once"], leaseEnv);
    expect(JSON.parse(late.stdout)).toEqual({ attempts: 1 });
    expect(receiver.received.map((r) => r.data.event_id)).toEqual([eventId, eventId]);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 2 });
    // Every POST the merchant received is an attempt on record.
    const attempts = await listCallbackAttempts(getDb(), eventId);
    expect(attempts).toHaveLength(receiver.received.length);
    expect(attempts.map((a) => [a.number, a.finishedAt !== null, a.httpStatus])).toEqual([
      [1, false, null],
      [2, true, 204],
    ]);
  });
});

describe("concurrency", () => {
  // Three batches of the workers' twenty, contested. On CI's loaded machine, beside the browser
  // suite, 100 events made four at a time on PostgreSQL never finished (twice, past five and ten
  // minutes; 7 s here): 60, made one at a time, still make the two contend for every batch.
  it("two worker processes deliver 60 events, each sent once and never twice at the same time", async () => {
    receiver.received.length = 0;
    receiver.maxConcurrentPerEvent = 0;
    receiver.fallback = { status: 204, delayMs: 2 };
    // Past a deadline the test says how far it got, rather than hang to its timeout unexplained.
    const makingUntil = Date.now() + 300_000;
    const events = [];
    for (let i = 0; i < EVENTS; i++) {
      expect(Date.now(), `made ${i} of ${EVENTS} events in 300 s`).toBeLessThan(makingUntil);
      events.push(await completePayoutWithCallback(merchant.merchantId));
    }

    const workers = await Promise.all([
      runTool("cashier", ["callbacks", "run", "--once"]),
      runTool("cashier", ["callbacks", "run", "--once"]),
    ]);
    for (const worker of workers) expect(worker.code).toBe(0);
    const counts = workers.map((w) => (JSON.parse(w.stdout) as { attempts: number }).attempts);
    expect(counts[0] + counts[1]).toBe(EVENTS);

    expect(receiver.received).toHaveLength(EVENTS);
    expect(new Set(receiver.received.map((r) => r.data.event_id)).size).toBe(EVENTS);
    expect(receiver.maxConcurrentPerEvent).toBe(1);
    const delivered = await getDb().callbackEvent.count({
      where: { id: { in: events.map((e) => e.eventId) }, status: "delivered", attempts: 1 },
    });
    expect(delivered).toBe(EVENTS);
    expect(await getDb().callbackAttempt.count({ where: { eventId: { in: events.map((e) => e.eventId) } } })).toBe(
      EVENTS,
    );
    console.log(`two workers shared ${EVENTS} events: ${counts.join(" + ")}`);
  }, 600_000);
});
