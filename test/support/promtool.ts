// Where the monitoring files' test finds Prometheus's promtool (Debian's prometheus package holds
// it; .ci/run extracts it), apart from the test so that npm test's summary can say when it will
// be skipped.
import { spawnSync } from "node:child_process";

/** Set by .ci/run, which provides promtool: there a missing one fails instead of skipping. */
export const REQUIRE_PROMTOOL_VARIABLE = "CASHIER_REQUIRE_PROMTOOL";

/** PROMTOOL, else promtool on the PATH; null when neither runs. */
export function findPromtool(): string | null {
  const candidate = process.env.PROMTOOL || "promtool";
  return spawnSync(candidate, ["--version"], { stdio: "ignore" }).status === 0 ? candidate : null;
}

/** The promtool to check with, or null to skip; where it is required (CI), its absence fails. */
export function promtoolForTests(): string | null {
  const promtool = findPromtool();
  if (promtool === null && process.env[REQUIRE_PROMTOOL_VARIABLE] === "1") {
    throw new Error(`${REQUIRE_PROMTOOL_VARIABLE}=1 but no promtool runs: set PROMTOOL or put it on the PATH`);
  }
  return promtool;
}
