// deploy/'s Prometheus configuration and alert rules, checked by Prometheus's own promtool: the
// configuration loads with its rule files, and each alert fires on the series that should raise
// it and stays quiet on a healthy gateway's (deploy/alert-rules.test.yml). The rules' metric
// names are the gateway's own (lib/metrics). Skipped, and said so by npm test, without promtool.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { promtoolForTests } from "../support/promtool";

const root = path.resolve(import.meta.dirname, "../..");
const deploy = path.join(root, "deploy");
const promtool = promtoolForTests();
const scratch = mkdtempSync(path.join(tmpdir(), "cashier-promtool-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (args: string[], cwd: string) =>
  execFileSync(promtool as string, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe.skipIf(promtool === null)("deploy/'s Prometheus files, by promtool", () => {
  it("the configuration loads, with the rule files it names as compose mounts them", () => {
    // compose mounts both under /etc/prometheus: the copy names them where they lie here.
    const config = readFileSync(path.join(deploy, "prometheus.yml"), "utf8").replaceAll("/etc/prometheus/", "");
    cpSync(path.join(deploy, "alert-rules.yml"), path.join(scratch, "alert-rules.yml"));
    const file = path.join(scratch, "prometheus.yml");
    writeFileSync(file, config);
    expect(run(["check", "config", file], scratch)).toContain("SUCCESS: 1 rule files found");
  });

  it("each alert fires on what should raise it, and not on a healthy gateway", () => {
    expect(run(["test", "rules", "alert-rules.test.yml"], deploy)).toContain("SUCCESS");
  });

  it("the rules name only metrics the gateway exports, or Prometheus's own up", () => {
    const rules = readFileSync(path.join(deploy, "alert-rules.yml"), "utf8");
    const exported = readFileSync(path.join(root, "lib/metrics/metrics.ts"), "utf8").concat(
      readFileSync(path.join(root, "lib/metrics/register-process-metrics.ts"), "utf8"),
    );
    const named = new Set([...rules.matchAll(/\b(cashier_[a-z_]+)/g)].map(([, name]) => name));
    expect(named.size).toBeGreaterThan(0);
    for (const name of named) expect(exported, name).toContain(`"${name}"`);
  });
});
