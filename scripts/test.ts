// npm test: every suite: a fresh production build, then the unit and integration tests (SQLite,
// and PostgreSQL when TEST_POSTGRES_URL is set), then the Playwright end-to-end tests in Chromium,
// each line of output prefixed with its suite. Ends with one line counting all of them, the failed
// tests named, and a non-zero exit if anything failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { forgetSchemaCounts, sumSchemaCounts } from "../test/support/schema-counts";
import { OPENAPI_FILE } from "../test/psp-simulator/openapi-file";
import { findPromtool } from "../test/support/promtool";
import { findPgBouncer } from "../test/support/pgbouncer";
import { findPython } from "../test/support/python-client";
import { findHistoryProblem } from "../test/support/previous-release";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };

const totals = { passed: 0, failed: 0, skipped: 0 };
let hasFailedStep = false;

/** Runs one step to its end; `prefix` marks each of its lines when it runs beside another. */
async function run(
  title: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; prefix?: string } = {},
): Promise<boolean> {
  console.log(`\n=== ${title}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", options.prefix ? "pipe" : "inherit", options.prefix ? "pipe" : "inherit"],
    env: { ...env, ...options.env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const target = stream === child.stderr ? process.stderr : process.stdout;
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) =>
      target.write(`${options.prefix} ${line}\n`),
    );
  }
  const status = await new Promise<number | string>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  if (status !== 0) {
    console.error(`=== ${title}: failed (exit ${status})`);
    hasFailedStep = true;
    return false;
  }
  console.log(`=== ${title}: passed`);
  return true;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

const notices: string[] = [];
if (!process.env.TEST_POSTGRES_URL) {
  notices.push(
    "NOTICE: the PostgreSQL integration suite is SKIPPED because TEST_POSTGRES_URL is not set.\n" +
      "        Run it with TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/test npm test",
  );
}
if (!existsSync(OPENAPI_FILE)) {
  notices.push(
    `NOTICE: the API Pix contract tests are SKIPPED because the Central Bank's OpenAPI document is absent.\n` +
      `        Put bcb-pix-api/openapi.yaml (API Pix 2.9.0) at ${OPENAPI_FILE} to run them.`,
  );
}
if (findPython() === null) {
  notices.push(
    "NOTICE: the Python client's end-to-end test is SKIPPED because no python3 imports jwt (PyJWT) and pip.\n" +
      "        Install them (Debian: apt-get install python3-jwt python3-pip) to run it.",
  );
}
if (process.env.TEST_POSTGRES_URL && findPgBouncer() === null) {
  notices.push(
    "NOTICE: the integration suite's run through PgBouncer (integration-pgbouncer) is SKIPPED because no pgbouncer runs.\n" +
      "        Put PgBouncer on the PATH, or name it in PGBOUNCER, to run it (.ci/run extracts Debian's).",
  );
}
if (findPromtool() === null) {
  notices.push(
    "NOTICE: the Prometheus files' checks (test/conformance/monitoring-files.test.ts) are SKIPPED because no promtool runs.\n" +
      "        Put Prometheus's promtool on the PATH, or name it in PROMTOOL, to run them.",
  );
}
const historyProblem = await findHistoryProblem();
if (historyProblem) {
  notices.push(
    `NOTICE: the previous release's tests on today's migrations (test/integration/previous-release.test.ts) are SKIPPED:\n        ${historyProblem}`,
  );
}
for (const notice of notices) console.log(`\n${notice}`);

const vitestJson = path.join(resultsDir, "vitest.json");
const playwrightJson = path.join(resultsDir, "playwright.json");
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
forgetSchemaCounts();

// First: next build empties .next, where the hosted assets the route handlers under test inline
// are written. Then each suite alone, vitest first (its failures come sooner): side by side on two
// cores they took 49 minutes in CI, each held back by the other's processes and by their timeouts
// under that load, where one after the other they take about 30.
const isBuilt = await run("production build (npm run build)", bin("tsx"), ["scripts/build.ts"]);
await run(
  "unit and integration tests (vitest)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  { prefix: "[vitest]" },
);
if (isBuilt)
  await run("end-to-end tests (Playwright, Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    prefix: "[e2e]",
  });

/** A failed test's place and the first line of its error, for the list printed last. */
const failures: string[] = [];
const firstLine = (message: string | undefined) =>
  (message ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]
    ?.slice(0, 200) ?? "";

const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}>(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed)
      failures.push(`[vitest] ${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === "failed" && failed.length === 0) failures.push(`[vitest] ${where}: ${firstLine(file.message)}`);
  }
}

interface PlaywrightSuite {
  file?: string;
  specs?: { title: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}
const playwright = readJson<{
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}>(playwrightJson);
if (playwright) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
  const visit = (suite: PlaywrightSuite, file: string | undefined) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((test) => test.status === "unexpected"))
        failures.push(
          `[e2e] ${file ?? suite.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`,
        );
    for (const child of suite.suites ?? []) visit(child, file ?? suite.file);
  };
  for (const suite of playwright.suites) visit(suite, undefined);
}

// A violation fails the test that saw it; the count says how much was checked.
const checked = sumSchemaCounts();
const schemaChecks = `documented schemas: ${checked.answers} answers and ${checked.callbacks} callbacks of the integration suites checked against /openapi.decoded.json`;

const isGreen = !hasFailedStep && totals.failed === 0 && totals.passed > 0;
// Said again beside the count, where a reader of the summary looks.
for (const notice of notices) console.log(`\n${notice}`);
console.log(`\n${schemaChecks}`);
// Last, where a summary that keeps only the end of the output still shows them.
if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(isGreen ? 0 : 1);
