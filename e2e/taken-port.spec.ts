// An instance that cannot serve exits: a second `npm start` on a port another holds stops with a
// non-zero status, and never runs the instance's background jobs meanwhile (before, its worker
// logged EADDRINUSE, never served, and delivered the deployment's callbacks as a zombie).
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startReceiver } from "../test/support/callback-receiver";
import { START_SCRIPT, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";

const root = path.resolve(import.meta.dirname, "..");

test("a second npm start on a taken port exits non-zero, having delivered no callback", async () => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  // The port's holder delivers nothing either: what reaches the receiver came from the second.
  const holder = await startGateway({ database: "sqlite", port: E2E_PORT + 18, env: { CALLBACK_WORKER: "false" } });
  try {
    const merchant = JSON.parse(
      await holder.cashier("merchant", "create", "--name", "Loja Porta", "--callback-url", receiver.url),
    ) as { merchantId: string };
    // A callback due now in the database both share.
    execFileSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "test/support/complete-payout-process.ts"), merchant.merchantId],
      { cwd: root, env: { ...process.env, ...holder.env }, encoding: "utf8" },
    );

    const started = Date.now();
    const second = spawn(process.execPath, [START_SCRIPT], {
      cwd: root,
      env: { ...process.env, ...holder.env, CALLBACK_WORKER: "true", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    second.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    second.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => {
      const cut = setTimeout(() => {
        second.kill("SIGKILL");
        resolve(null);
      }, 150_000);
      second.once("exit", (code) => {
        clearTimeout(cut);
        resolve(code);
      });
    });
    console.log(`the second npm start exited ${exitCode} after ${Math.round((Date.now() - started) / 1000)} s`);
    expect(exitCode, output).not.toBeNull();
    expect(exitCode, output).not.toBe(0);
    expect(output).toContain(`cannot serve on port ${E2E_PORT + 18}`);
    expect(output).not.toContain("background jobs started");
    expect(receiver.received).toHaveLength(0);

    // The callback was there to deliver: a worker that does run delivers it.
    await holder.cashier("callbacks", "run", "--once");
    expect(receiver.received).toHaveLength(1);
  } finally {
    await holder.stop();
    await receiver.close();
  }
});
