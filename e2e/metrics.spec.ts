// Issue 39's metrics, against npm start's own server with two workers: /metrics on METRICS_PORT
// counts exactly what was sent, summed over both workers; the outbox's gauges follow a receiver
// that refuses and then answers; the jobs' runs and their lease's holder show; and the public port
// has no /metrics.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { pixDepositRequest } from "../test/support/requests";
import { E2E_PORT } from "./environment";
import { type Merchant, postSigned } from "./support";

const port = E2E_PORT + 43;
const metricsPort = E2E_PORT + 44;

let gateway: GatewayProcess;
let receiver: Receiver;
let merchant: Merchant;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Refusing until told otherwise: the merchant's callbacks wait in the outbox.
  receiver = await startReceiver({ fallback: { status: 503, body: "em manutenção" } });
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: {
      WEB_CONCURRENCY: "2",
      METRICS_PORT: String(metricsPort),
      // The "api request" lines name the worker that answered.
      LOG_LEVEL: "info",
      // Retried every few seconds, for a minute: the test sees the retries and the recovery.
      CALLBACK_RETRY_SCHEDULE: Array(20).fill(3).join(","),
    },
  });
  merchant = JSON.parse(
    await gateway.cashier("merchant", "create", "--name", "Loja Medida", "--callback-url", receiver.url),
  ) as Merchant;
});

test.afterAll(async () => {
  await gateway?.stop();
  await receiver?.close();
});

/** The instance's metrics as Prometheus reads them: each sample line's name with its labels, and its value. */
async function scrape(): Promise<{ name: string; labels: Record<string, string>; value: number }[]> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return (await response.text())
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name, value]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** A sample's value (0 when the series does not exist yet), its labels matched whatever their order. */
function valueOf(samples: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

test("the counters equal what was sent, summed over both workers", async () => {
  test.setTimeout(120_000);
  const since = gateway.output().length;
  const before = await scrape();
  // Each on a connection of its own, so the kernel spreads them over both workers.
  const created = await Promise.all(
    Array.from({ length: 12 }, () => postSigned(`${gateway.url}/api/pix`, merchant, pixDepositRequest())),
  );
  expect(created.map((answer) => answer.status)).toEqual(Array(12).fill(201));
  const found = await Promise.all(
    created.slice(0, 5).map((answer) => postSigned(`${gateway.url}/api/status`, merchant, { id: answer.data.id })),
  );
  expect(found.map((answer) => answer.status)).toEqual(Array(5).fill(200));
  // Six of them settled by the sandbox's simulation, as a PSP's notice or the expiry sweep would.
  const outcomes = ["paid", "paid", "paid", "failed", "failed", "expired"];
  const simulated = await Promise.all(
    outcomes.map((outcome, i) =>
      postSigned(`${gateway.url}/api/sandbox/simulate`, merchant, { id: created[i].data.id, outcome }),
    ),
  );
  expect(simulated.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  const forged = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const jwt = await signRequestToken({ keyId: merchant.keyId, secret: "not-the-secret", data: { id: "dep_x" } });
      const response = await fetch(`${gateway.url}/api/status`, {
        method: "POST",
        body: JSON.stringify({ jwt }),
        headers: { "content-type": "application/json" },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(forged).toEqual(Array(8).fill(401));
  for (let i = 0; i < 3; i++) {
    const page = await fetch(`${gateway.url}/pay/ajuda`);
    expect(page.status).toBe(200);
    // Read to its end: a page is counted once its answer is written whole.
    await page.text();
  }

  // Both workers answered some of them: the figures below are sums over the two.
  const pids = new Set(
    gateway
      .output()
      .slice(since)
      .split("\n")
      .filter((line) => line.includes('"msg":"api request"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
  expect(pids.size).toBe(2);

  const after = await scrape();
  const grew = (name: string, labels: Record<string, string>) =>
    valueOf(after, name, labels) - valueOf(before, name, labels);
  expect(grew("cashier_api_requests_total", { operation: "pix", status: "201" })).toBe(12);
  expect(grew("cashier_api_requests_total", { operation: "status", status: "200" })).toBe(5);
  expect(grew("cashier_api_requests_total", { operation: "status", status: "401" })).toBe(8);
  expect(grew("cashier_api_request_duration_seconds_count", { operation: "pix" })).toBe(12);
  expect(grew("cashier_api_request_duration_seconds_bucket", { operation: "pix", le: "+Inf" })).toBe(12);
  expect(grew("cashier_api_requests_total", { operation: "sandbox_simulate", status: "200" })).toBe(6);
  expect(grew("cashier_deposit_outcomes_total", { outcome: "paid", mode: "sandbox" })).toBe(3);
  expect(grew("cashier_deposit_outcomes_total", { outcome: "failed", mode: "sandbox" })).toBe(2);
  expect(grew("cashier_deposit_outcomes_total", { outcome: "expired", mode: "sandbox" })).toBe(1);
  expect(grew("cashier_rate_limit_decisions_total", { kind: "request", outcome: "allowed" })).toBe(23);
  expect(grew("cashier_rate_limit_decisions_total", { kind: "tokenFailureIp", outcome: "allowed" })).toBe(8);
  expect(grew("cashier_page_requests_total", { area: "hosted", status: "200" })).toBe(3);
  // Node's own, from each worker.
  expect(valueOf(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  expect(after.some((sample) => sample.name === "process_resident_memory_bytes")).toBe(true);
  // No merchant or customer data in a label: only the merchant API's operations and statuses.
  for (const sample of after) expect(JSON.stringify(sample.labels)).not.toMatch(/dep_|mer_|mk_|pedido-/);
});

test("the outbox's gauges follow a receiver that refuses, then answers", async () => {
  test.setTimeout(150_000);
  const paid = await Promise.all(
    Array.from({ length: 3 }, () => postSigned(`${gateway.url}/api/pix`, merchant, pixDepositRequest())),
  );
  for (const deposit of paid) await gateway.cashier("deposit", "pay", String(deposit.data.id));

  /** The outbox as the instance's metrics show it, scraped each second until it is as expected. */
  const outbox = async () => {
    const samples = await scrape();
    return {
      pending: valueOf(samples, "cashier_callback_outbox_pending"),
      oldestAge: valueOf(samples, "cashier_callback_outbox_oldest_age_seconds"),
      overdue: valueOf(samples, "cashier_callback_outbox_overdue_seconds"),
      retrying: valueOf(samples, "cashier_callback_attempts_total", { result: "retrying" }),
      delivered: valueOf(samples, "cashier_callback_attempts_total", { result: "delivered" }),
    };
  };
  const polling = { timeout: 60_000, intervals: [1_000] };

  // Refused: the three wait with the six the first test settled, retried, and the oldest ages.
  await expect
    .poll(async () => {
      const { pending, oldestAge, retrying, delivered } = await outbox();
      return { pending, isAging: oldestAge >= 2, isRetried: retrying >= 3, delivered };
    }, polling)
    .toEqual({ pending: 9, isAging: true, isRetried: true, delivered: 0 });

  receiver.fallback = { status: 204 };
  await expect
    .poll(async () => {
      const { pending, oldestAge, overdue, delivered } = await outbox();
      return { pending, oldestAge, overdue, delivered };
    }, polling)
    .toEqual({ pending: 0, oldestAge: 0, overdue: 0, delivered: 9 });
  expect(receiver.received.filter((request) => request.data.type === "deposit.paid").length).toBeGreaterThan(3);
});

test("the background jobs' runs are counted, and exactly one worker holds the reconciliation lease", async () => {
  await expect
    .poll(
      async () => {
        const samples = await scrape();
        return {
          leaseHolders: valueOf(samples, "cashier_job_lease_held", { job: "reconciliation" }),
          hasReconciled: valueOf(samples, "cashier_job_runs_total", { job: "reconciliation", result: "ok" }) > 0,
          hasExpired: valueOf(samples, "cashier_job_runs_total", { job: "deposits_expired", result: "ok" }) > 0,
          failedRuns: valueOf(samples, "cashier_job_runs_total", { result: "failed" }),
        };
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toEqual({ leaseHolders: 1, hasReconciled: true, hasExpired: true, failedRuns: 0 });
});

test("the public port has no /metrics, and the metrics port nothing else", async () => {
  const publicAnswer = await fetch(`${gateway.url}/metrics`);
  expect(publicAnswer.status).toBe(404);
  expect(await publicAnswer.text()).not.toContain("cashier_api_requests_total");
  const other = await fetch(`http://127.0.0.1:${metricsPort}/${randomBytes(4).toString("hex")}`);
  expect(other.status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: "POST" })).status).toBe(404);
});
