// Prometheus metrics (issue 39): counted in each server process, summed over an instance's workers
// by npm start's primary, which serves them on METRICS_PORT (lib/metrics/serve-metrics). Names
// and labels follow Prometheus's conventions (base units, _total counters); no label holds a
// merchant's or a customer's data, nor anything a client chooses freely (a path is its area).
//
// Kept on globalThis: Next.js's server chunks and the compiled server entry each hold a copy of
// this module, and a metric registered twice under one name is an error. prom-client itself is
// loaded once (a server external package), so both copies count in its one registry.
import client from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  return {
    apiRequests: new client.Counter({
      name: "cashier_api_requests_total",
      help: "Merchant API requests answered, by operation and HTTP status.",
      labelNames: ["operation", "status"] as const,
    }),
    apiRequestDuration: new client.Histogram({
      name: "cashier_api_request_duration_seconds",
      help: "Time to answer a merchant API request, by operation.",
      labelNames: ["operation"] as const,
      buckets: SECONDS,
    }),
    pageRequests: new client.Counter({
      name: "cashier_page_requests_total",
      help: "Requests for the pages people see, by area (hosted, direct, console) and HTTP status.",
      labelNames: ["area", "status"] as const,
    }),
    depositOutcomes: new client.Counter({
      name: "cashier_deposit_outcomes_total",
      help: "Deposits settled, counted once committed, by outcome (paid, failed, expired) and mode (sandbox, live).",
      labelNames: ["outcome", "mode"] as const,
    }),
    callbackAttempts: new client.Counter({
      name: "cashier_callback_attempts_total",
      help: "Callback attempts made, by result (delivered, retrying, failed, lease-lost).",
      labelNames: ["result"] as const,
    }),
    alertDeliveries: new client.Counter({
      name: "cashier_alert_deliveries_total",
      help: "Attempts to send operator alerts to people, by channel (webhook, email) and result (delivered, retrying, failed, lease-lost).",
      labelNames: ["channel", "result"] as const,
    }),
    callbackBatchesStuck: new client.Counter({
      name: "cashier_callback_batches_stuck_total",
      help: "Batches of callbacks still running when their leases ended, left to the next worker.",
    }),
    pspCalls: new client.Counter({
      name: "cashier_psp_calls_total",
      help: "Calls to PSPs, by provider account, operation (method and path, ids replaced) and result (2xx, 4xx, 5xx, unavailable).",
      labelNames: ["account", "operation", "result"] as const,
    }),
    pspCallDuration: new client.Histogram({
      name: "cashier_psp_call_duration_seconds",
      help: "Time of a call to a PSP, connection and TLS included, by provider account and operation.",
      labelNames: ["account", "operation"] as const,
      buckets: SECONDS,
    }),
    jobRuns: new client.Counter({
      name: "cashier_job_runs_total",
      help: "Runs of the background jobs (deposits_expired, reconciliation), by result (ok, failed).",
      labelNames: ["job", "result"] as const,
    }),
    jobItems: new client.Counter({
      name: "cashier_job_items_total",
      help: "What the background jobs' runs found and did, by job and item (reconciliation: checked, paid, expired, …).",
      labelNames: ["job", "item"] as const,
    }),
    jobLeaseHeld: new client.Gauge({
      name: "cashier_job_lease_held",
      help: "Whether this process holds the job's lease (1) or not (0): summed, how many hold it.",
      labelNames: ["job"] as const,
    }),
    rateLimitDecisions: new client.Counter({
      name: "cashier_rate_limit_decisions_total",
      help: "Budgets spent, by kind and whether the request was refused.",
      labelNames: ["kind", "outcome"] as const,
    }),
    rateLimitFallbacks: new client.Counter({
      name: "cashier_rate_limit_fallbacks_total",
      help: "Budgets counted in a fallback store because the one meant to count them did not answer.",
      labelNames: ["store"] as const,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const METRICS = Symbol.for("cashier.metrics");
type WithMetrics = { [METRICS]?: Metrics };

export function metrics(): Metrics {
  const holder = globalThis as WithMetrics;
  holder[METRICS] ??= createMetrics();
  return holder[METRICS];
}
