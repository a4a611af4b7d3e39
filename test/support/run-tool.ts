import { execFile } from "node:child_process";
import path from "node:path";
import { builtEntry } from "../../scripts/runtime-layout";

const root = path.resolve(import.meta.dirname, "../..");

/** Names the command-line tool vitest's global setup compiled (test/support/global-setup.ts). */
export const COMPILED_CLI_ENV = "CASHIER_TEST_COMPILED_CLI";

/**
 * The command-line tool as the runtime folder holds it, to run with plain node: vitest's compiled
 * copy, or the build's own (the end-to-end tests run after npm run build).
 */
export function cashierCli(): string {
  return process.env[COMPILED_CLI_ENV] ?? builtEntry(root, "cashier");
}

export type ToolResult = { code: number; stdout: string; stderr: string };

/**
 * Runs a tool as the operator would, in a child process: the CLI compiled (`npm run cashier -- …`
 * runs the same code through tsx), any other scripts/<script>.ts through tsx.
 */
export function runTool(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<ToolResult> {
  const command =
    script === "cashier" ? [cashierCli()] : ["--import", "tsx", path.join(root, "scripts", `${script}.ts`)];
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...command, ...args],
      // SIGKILL: a CLI worker stuck on a promise that never settles ignores SIGTERM (its handler
      // only stops the loop between batches), and the test would wait for it until its own timeout.
      { cwd: root, env: { ...process.env, ...env }, timeout: 150_000, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // What the operator pipes in (--secret-stdin).
    if (input !== undefined) child.stdin?.end(input);
  });
}
