// What each server process adds to its counters for the primary's /metrics: Node's own (event
// loop delay, heap, GC, CPU), the outbox and the database pool read at each scrape, and its answer
// to the primary's request for them (prom-client's cluster messages).
import client from "prom-client";
import { measureCallbackOutbox } from "../db/callback-events";
import { getDb, readPoolUsage } from "../db/client";

/** Once per server process, as it starts. */
export function registerProcessMetrics(): void {
  client.collectDefaultMetrics();
  // Its construction is what makes a worker answer the primary's requests.
  new client.AggregatorRegistry();

  // One read of the outbox per scrape for both gauges, whose collections run at once; a database
  // that does not answer leaves both out of that scrape, never fails it.
  let reading: Promise<{ pending: number; oldestPendingAt: Date | null } | null> | null = null;
  const readOutbox = () =>
    (reading ??= measureCallbackOutbox(getDb())
      .catch(() => null)
      .finally(() => setImmediate(() => (reading = null))));
  // Every worker reads the same outbox: the instance's figure is any one's, not their sum.
  new client.Gauge({
    name: "cashier_callback_outbox_pending",
    help: "Callback events waiting to be delivered, retries included.",
    aggregator: "max",
    async collect() {
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.pending);
    },
  });
  new client.Gauge({
    name: "cashier_callback_outbox_oldest_age_seconds",
    help: "How long the oldest waiting callback event has waited; 0 when none waits.",
    aggregator: "max",
    async collect() {
      const outbox = await readOutbox();
      if (outbox)
        this.set(outbox.oldestPendingAt ? Math.max(0, (Date.now() - outbox.oldestPendingAt.getTime()) / 1000) : 0);
    },
  });
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
