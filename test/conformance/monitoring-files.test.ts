// deploy/'s Prometheus configuration, alert rules and Grafana dashboard, checked by Prometheus's
// own promtool: the configuration loads with its rule files, each alert fires on the series that
// should raise it and stays quiet on a healthy gateway's (deploy/alert-rules.test.yml), and every
// query of the dashboard is PromQL promtool accepts. The metric names they use are the gateway's
// own (lib/metrics) or Node's. Skipped, and said so by npm test, without promtool.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
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

  it("the rules and the dashboard name only metrics the gateway exports", () => {
    const exported = readFileSync(path.join(root, "lib/metrics/metrics.ts"), "utf8").concat(
      readFileSync(path.join(root, "lib/metrics/register-process-metrics.ts"), "utf8"),
    );
    for (const file of ["alert-rules.yml", "grafana/cashier.json"]) {
      const text = readFileSync(path.join(deploy, file), "utf8");
      // A histogram's series are its name with _bucket, _sum or _count.
      const named = new Set(
        [...text.matchAll(/\b(cashier_[a-z_]+)/g)].map(([, name]) => name.replace(/_(bucket|sum|count)$/, "")),
      );
      expect(named.size, file).toBeGreaterThan(0);
      for (const name of named) expect(exported, `${file}: ${name}`).toContain(`"${name}"`);
    }
  });

  it("compose.yaml's monitoring profile mounts these files, each where its service reads it", () => {
    const compose = parseYaml(readFileSync(path.join(root, "compose.yaml"), "utf8"), { merge: true }) as {
      services: Record<string, { profiles?: string[]; volumes?: string[] }>;
    };
    const mounts = ["prometheus", "grafana"].flatMap((name) => {
      expect(compose.services[name].profiles, name).toEqual(["monitoring"]);
      return (compose.services[name].volumes ?? []).map((volume) => volume.split(":"));
    });
    for (const [source] of mounts) expect(existsSync(path.join(root, source)), source).toBe(true);
    expect(mounts.map(([source, target]) => [source, target])).toEqual(
      expect.arrayContaining([
        ["./deploy/prometheus.yml", "/etc/prometheus/prometheus.yml"],
        ["./deploy/alert-rules.yml", "/etc/prometheus/alert-rules.yml"],
        ["./deploy/grafana/datasources.yml", "/etc/grafana/provisioning/datasources/cashier.yml"],
        ["./deploy/grafana/cashier.json", "/etc/grafana/provisioning/dashboards/cashier.json"],
      ]),
    );
  });

  it("every query of the Grafana dashboard is PromQL promtool accepts, on the provisioned data source", () => {
    const dashboard = JSON.parse(readFileSync(path.join(deploy, "grafana/cashier.json"), "utf8")) as {
      panels: { title: string; datasource: { uid: string }; targets: { expr: string }[] }[];
    };
    const provisioned = parseYaml(readFileSync(path.join(deploy, "grafana/datasources.yml"), "utf8")) as {
      datasources: { uid: string; url: string }[];
    };
    const exprs = dashboard.panels.flatMap((panel) => {
      expect(panel.datasource.uid, panel.title).toBe(provisioned.datasources[0].uid);
      return panel.targets.map((target) => target.expr);
    });
    expect(exprs.length).toBeGreaterThan(10);
    // As recording rules, which promtool parses and checks.
    const rules = {
      groups: [
        { name: "dashboard", rules: exprs.map((expr, index) => ({ record: `cashier_dashboard:q${index}`, expr })) },
      ],
    };
    const file = path.join(scratch, "dashboard-rules.yml");
    writeFileSync(file, JSON.stringify(rules));
    expect(run(["check", "rules", file], scratch)).toContain(`SUCCESS: ${exprs.length} rules found`);
  });
});
