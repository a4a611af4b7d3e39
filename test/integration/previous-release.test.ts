// Expand, then contract (CONTRIBUTING.md): during a rolling deploy the previous release's code runs
// on the new schema, so its own integration tests for the money paths, run by its own vitest in its
// own tree, must pass on databases built by today's migrations. A migration that drops, renames or
// tightens something that code still uses fails here, in the release that adds it.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { extractRelease, findHistoryProblem, findPreviousRelease } from "../support/previous-release";

// sandbox: a Pix deposit created and paid, payouts completed and canceled, their callbacks and
// status; status: lookups by id and reference; refunds: whole, partial, concurrent, the provider's
// outcomes; callbacks: delivery, retries, the outbox. Together well under a minute on a quiet machine.
const SMOKE = ["sandbox", "status", "refunds", "callbacks"].map((name) => `test/integration/${name}.test.ts`);

const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

type Report = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { status: string; fullName: string }[] }[];
};

/** Runs the release's own vitest on its own files; never throws, the caller judges the outcome. */
function runSuite(tree: string, reportFile: string): Promise<{ code: number | string; output: string }> {
  // The child is a vitest of its own: none of this worker's settings, nor this file's database.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
  for (const name of Object.keys(env)) {
    if (name.startsWith("VITEST") || name === "DATABASE_URL") delete env[name];
  }
  const args = [
    path.join(tree, "node_modules/vitest/vitest.mjs"),
    "run",
    `--project=integration-${provider}`,
    // Its timings would land in this checkout's node_modules, which the two trees share.
    "--no-cache",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
    ...SMOKE,
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: tree, env, timeout: 480_000, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : (error.signal ?? "failed")) : 0;
        // Vitest writes the failures to stderr and its summary to stdout: read in that order.
        resolve({ code, output: `${stderr}\n${stdout}` });
      },
    );
  });
}

/** The end of a long output, from a line's start. */
function tail(text: string, limit: number): string {
  return text.length > limit ? text.slice(-limit).replace(/^[^\n]*\n/, "") : text;
}

function readReport(file: string): Report | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Report;
  } catch {
    return null;
  }
}

const historyProblem = await findHistoryProblem();

it.skipIf(historyProblem !== null)(
  "passes the previous release's money-path tests on today's migrations",
  { timeout: 600_000 },
  async () => {
    const release = await findPreviousRelease();
    const extracted = await extractRelease(release.rev);
    try {
      const missing = SMOKE.filter((file) => !existsSync(path.join(extracted.tree, file)));
      expect(missing, `files the previous release (${release.label}) lacks: pick others from its tests`).toEqual([]);

      const reportFile = path.join(extracted.work, "report.json");
      const { code, output } = await runSuite(extracted.tree, reportFile);
      const report = readReport(reportFile);
      const failed = (report?.testResults ?? []).flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => `${path.basename(file.name)} > ${test.fullName}`),
      );
      const failure = [
        `The previous release (${release.label}) fails its money-path tests on today's migrations on ${provider} (exit ${code}; ${report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed` : "no JSON report"}): a rolling deploy would break on it (CONTRIBUTING.md, "Expand, then contract").`,
        ...failed.slice(0, 10).map((name) => `  failed: ${name}`),
        ...(extracted.lockDifferences.length > 0
          ? [
              `Its package-lock.json pins other versions than this checkout's, whose node_modules it ran on, so a failure may come from them: ${extracted.lockDifferences.slice(0, 30).join(", ")} (${extracted.lockDifferences.length} in all).`,
            ]
          : []),
        "--- its output, the end ---",
        tail(output, 20_000),
      ].join("\n");

      expect(code, failure).toBe(0);
      expect(report, failure).not.toBeNull();
      expect(report!.numFailedTests, failure).toBe(0);
      expect(report!.numPassedTests, failure).toBeGreaterThan(0);
      for (const file of SMOKE) {
        const result = report!.testResults.find((r) => r.name.endsWith(`/${file}`));
        const passed = result?.assertionResults.filter((a) => a.status === "passed").length ?? 0;
        expect(passed, `${file}'s passed tests\n${failure}`).toBeGreaterThan(0);
      }
    } finally {
      extracted.remove();
    }
  },
);
