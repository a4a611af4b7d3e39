// Two processes writing to one database at once, as npm start's two workers (its default on two
// cores) or the CLI beside a server do: every transaction that reads before it writes commits. On
// SQLite, in WAL mode, such a transaction opened with a deferred BEGIN could not take the write
// lock once the other process had written since its read (SQLITE_BUSY, "database is locked", at
// once, whatever the busy timeout): about a quarter of them failed, and their requests with them.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";

const root = path.resolve(import.meta.dirname, "../..");
const KEYS_EACH = 100;

type Writer = { child: ChildProcess; ready: Promise<void>; result: Promise<{ created: number; failures: string[] }> };
const writers: Writer[] = [];

function startWriter(merchantId: string): Writer {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "test/support/create-api-keys-process.ts"), merchantId, String(KEYS_EACH)],
    { cwd: root, env: process.env, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = Promise.race([
    new Promise<void>((resolve) => child.stdout?.on("data", () => output.includes("ready\n") && resolve())),
    exited.then(() => Promise.reject(new Error(`the writer exited before it was ready:\n${output}`))),
  ]);
  const result = exited.then(() => {
    const line = output.split("\n").find((text) => text.startsWith("{"));
    if (!line) throw new Error(`the writer printed no result:\n${output}`);
    return JSON.parse(line) as { created: number; failures: string[] };
  });
  const writer = { child, ready, result };
  writers.push(writer);
  return writer;
}

afterAll(() => {
  for (const { child } of writers) if (child.exitCode === null) child.kill("SIGKILL");
});

describe("two processes writing to one database at once", () => {
  it("commits every transaction that reads before it writes", async () => {
    const { merchantId } = await createMerchant({ name: "Loja Concorrida" });
    const pair = [startWriter(merchantId), startWriter(merchantId)];
    await Promise.all(pair.map((writer) => writer.ready));
    for (const writer of pair) writer.child.stdin?.end("go\n");
    const results = await Promise.all(pair.map((writer) => writer.result));

    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(results.map((result) => result.created)).toEqual([KEYS_EACH, KEYS_EACH]);
    expect(await getDb().apiKey.count({ where: { merchantId } })).toBe(2 * KEYS_EACH + 1);
  }, 180_000);
});
