// How hard one reconciliation run may press the PSP. Serially, a slow PSP made a run last as
// many timeouts as there were pending deposits (over an hour at 500 and 10 s); all at once, it
// would be a burst the PSP may refuse.
import { getConfig } from "../config/config";
import { RunBackoff, runsWithin } from "./run-backoff";

/** PSP calls a run makes at once, for deposits and then for refunds. */
export const RECONCILE_CONCURRENCY = 8;

// What the PSP keeps failing on is still asked about this often, so an outage ends in time.
const MAX_BACKOFF_MS = 30 * 60_000;

/** Per id, in the memory of the process that reconciles: an id that failed sits out increasing runs. */
export function createReconcileBackoff(): RunBackoff {
  return new RunBackoff(() => runsWithin(MAX_BACKOFF_MS, getConfig().reconcile.intervalMs));
}
