// Vitest's global setup, before any test runs: the hosted pages' stylesheet and script, which the
// route handlers under test inline (/direct's failure pages), built fresh from the working tree;
// and the command-line tool compiled as the runtime folder holds it (scripts/compile-entries.ts),
// which the tests run as operators do (test/support/run-tool.ts): a TypeScript loader would cost
// each of the suite's hundreds of commands seconds of CPU. Removed again after the run.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { buildHostedAssets } from "../../scripts/build-hosted-assets";
import { compileEntries } from "../../scripts/compile-entries";
import { COMPILED_CLI_ENV } from "./run-tool";

const root = path.resolve(import.meta.dirname, "../..");

export default async function setup(): Promise<() => void> {
  await buildHostedAssets({ isQuiet: true });
  // Inside the repository, so the packages left out of the bundle resolve from its node_modules;
  // one folder per run, as several runs may share the checkout.
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  const outdir = mkdtempSync(path.join(root, "test-results", "cli-"));
  await compileEntries({
    entries: { cashier: "scripts/cashier.ts" },
    outdir,
    modulesDir: path.join(root, "node_modules"),
  });
  // The test workers, started after this, inherit it.
  process.env[COMPILED_CLI_ENV] = path.join(outdir, "cashier.mjs");
  return () => rmSync(outdir, { recursive: true, force: true });
}
