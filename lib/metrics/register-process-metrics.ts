// What each server process adds to its counters for the primary's /metrics: Node's own (event
// loop delay, heap, GC, CPU), the outbox and the database pool read at each scrape, and its answer
// to the primary's request for them (prom-client's cluster messages).
import { setTimeout as delay } from "node:timers/promises";
import client from "prom-client";
import { measureCallbackOutbox } from "../db/callback-events";
import { getDb, readPoolUsage } from "../db/client";

/** How long a scrape waits for the outbox's figures. */
const SCRAPE_READ_MS = 1_000;

/** Once per server process, as it starts. */
export function registerProcessMetrics(): void {
  client.collectDefaultMetrics();
  // Its construction is what makes a worker answer the primary's requests.
  new client.AggregatorRegistry();

  // One read of the outbox per scrape for its gauges, whose collections run at once. A database
  // that does not answer within a second leaves them out of that scrape rather than holding it
  // past the primary's 5 s, which would fail every metric of the instance.
  type Outbox = Awaited<ReturnType<typeof measureCallbackOutbox>> & { at: number };
  let reading: Promise<Outbox | null> | null = null;
  const readOutbox = () =>
    (reading ??= Promise.race([
      measureCallbackOutbox(getDb(), new Date()).then((outbox) => ({ ...outbox, at: Date.now() })),
      delay(SCRAPE_READ_MS, null, { ref: false }),
    ])
      .catch(() => null)
      .finally(() => setImmediate(() => (reading = null))));
  const secondsSince = (outbox: Outbox, at: Date | null) => (at ? Math.max(0, (outbox.at - at.getTime()) / 1000) : 0);
  // Every worker reads the same outbox: the instance's figure is any one's, not their sum.
  const outboxGauge = (name: string, help: string, value: (outbox: Outbox) => number) =>
    new client.Gauge({
      name,
      help,
      aggregator: "max",
      async collect() {
        const outbox = await readOutbox();
        if (outbox) this.set(value(outbox));
        else this.reset();
      },
    });
  outboxGauge(
    "cashier_callback_outbox_pending",
    "Callback events waiting to be delivered, retries included.",
    (outbox) => outbox.pending,
  );
  outboxGauge(
    "cashier_callback_outbox_oldest_age_seconds",
    "How long the oldest waiting callback event has waited since it was written, retries included; 0 when none waits.",
    (outbox) => secondsSince(outbox, outbox.oldestPendingAt),
  );
  outboxGauge(
    "cashier_callback_outbox_overdue_seconds",
    "How long past its time the most overdue callback event has waited for a worker; 0 when none is due.",
    (outbox) => secondsSince(outbox, outbox.earliestDueAt),
  );
  new client.Gauge({
    name: "cashier_db_pool_connections",
    help: "PostgreSQL connections of the servers' pools, by state (in_use, idle), and queries waiting for one (waiting).",
    labelNames: ["state"] as const,
    collect() {
      const usage = readPoolUsage();
      if (!usage) return;
      this.set({ state: "in_use" }, usage.inUse);
      this.set({ state: "idle" }, usage.idle);
      this.set({ state: "waiting" }, usage.waiting);
    },
  });
}
