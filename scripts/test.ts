// npm test: every suite, in order: unit and integration (SQLite, and PostgreSQL when
// TEST_POSTGRES_URL is set), then a fresh production build and the Playwright end-to-end tests in
// Chromium. Ends with one line counting all of them, and a non-zero exit if anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { OPENAPI_FILE } from "../test/psp-simulator/openapi-file";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };

const totals = { passed: 0, failed: 0, skipped: 0 };
let hasFailedStep = false;

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`=== ${title}: failed (exit ${result.status ?? result.signal})`);
    hasFailedStep = true;
    return false;
  }
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
for (const notice of notices) console.log(`\n${notice}`);

const vitestJson = path.join(resultsDir, "vitest.json");
rmSync(vitestJson, { force: true });
run("unit and integration tests (vitest)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}

const playwrightJson = path.join(resultsDir, "playwright.json");
rmSync(playwrightJson, { force: true });
if (run("production build (npm run build)", bin("tsx"), ["scripts/build.ts"])) {
  run("end-to-end tests (Playwright, Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    playwrightJson,
  );
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
  }
}

const isGreen = !hasFailedStep && totals.failed === 0 && totals.passed > 0;
// Said again beside the count, where a reader of the summary looks.
for (const notice of notices) console.log(`\n${notice}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(isGreen ? 0 : 1);
