import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type ToolResult = { code: number; stdout: string; stderr: string };

/** Runs scripts/<script>.ts as the operator would (`npm run <script> -- …`), in a child process. */
export function runTool(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts", `${script}.ts`), ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 150_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // What the operator pipes in (--secret-stdin).
    if (input !== undefined) child.stdin?.end(input);
  });
}
