// A minute of the soak (npm run soak) on SQLite: the production build under mixed traffic (Pix
// deposits, hosted payments at the sandbox bank, refunds, payouts marked by the operator's CLI and
// the sandbox, status queries, page views, callbacks retried after a 500) answers no 5xx and no
// unexpected 4xx, and once the traffic drains the ledger and the outbox hold: every paid deposit
// credited once, every callback delivered once, no negative balance.
import { expect, test } from "@playwright/test";
import { formatSoakReport, runSoak } from "../test/support/soak";
import { E2E_PORT } from "./environment";

test("a minute of mixed traffic: no errors, and the ledger and outbox invariants hold", async () => {
  test.setTimeout(240_000);
  const report = await runSoak({ minutes: 1, database: "sqlite", instances: 1, port: E2E_PORT + 17 });
  const printed = formatSoakReport(report);

  expect(report.errors, printed).toEqual([]);
  for (const invariant of report.invariants) {
    expect(invariant.violations, `${invariant.name}\n${printed}`).toEqual([]);
    expect(invariant.checked, `${invariant.name} checked nothing\n${printed}`).toBeGreaterThan(0);
  }
  // The mix ran: every kind of step, callbacks retried after a 500, the server's processes measured.
  const operations = report.latencies.map((latency) => latency.operation);
  for (const operation of [
    "pix",
    "payment-initiation",
    "simulate deposit",
    "POST /pay/{token}/autorizar",
    "refund",
    "gateway-out",
    "cashier payout complete",
    "status",
    "GET /pay/{token}",
  ])
    expect(operations, printed).toContain(operation);
  expect(report.requests, printed).toBeGreaterThan(300);
  expect(report.callbacks.retried, printed).toBeGreaterThan(0);
  expect(report.memory.at(-1)?.processes.filter((p) => p.role === "worker").length, printed).toBeGreaterThan(0);
});
