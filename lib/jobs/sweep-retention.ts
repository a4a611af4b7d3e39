// The retention periods (RETENTION_*_DAYS, docs/operating.md "Retention"), applied: what is past
// them is deleted a batch at a time, each batch its own short transaction, up to a budget per run
// so that a first sweep over years of history spreads over several runs instead of one long one.
// Used jtis are not here: each process drops its expired ones as it claims new ones (lib/db/used-jtis).
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import {
  deleteCallbackAttemptsBefore,
  deleteExpiredLinksBefore,
  deleteResolvedAlertsBefore,
  deleteSettledCallbackEventsBefore,
} from "../db/retention";

const BATCH = 500;
const BATCHES_PER_RUN = 40;
const DAY_MS = 24 * 3600 * 1000;
// A link's row outlives its expiry by this much, for whoever asks what became of it; then nothing
// needs it (docs/operating.md "Retention").
const EXPIRED_LINK_DAYS = 30;

async function sweep(remove: (before: Date) => Promise<number>, before: Date): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const removed = await remove(before);
    total += removed;
    if (removed < BATCH) break;
  }
  return total;
}

/** One sweep of every table with a retention period; how many rows each lost. */
export async function sweepRetention(now: Date = new Date()): Promise<Record<string, number>> {
  const days = getConfig().retentionDays;
  const before = (count: number) => new Date(now.getTime() - count * DAY_MS);
  const db = getDb();
  return {
    callbackAttempts: await sweep(
      (cutoff) => deleteCallbackAttemptsBefore(db, cutoff, BATCH),
      before(days.callbackAttempts),
    ),
    callbackEvents:
      (await sweep(
        (cutoff) => db.$transaction((tx) => deleteSettledCallbackEventsBefore(tx, "delivered", cutoff, BATCH)),
        before(days.callbackEvents),
      )) +
      (await sweep(
        (cutoff) => db.$transaction((tx) => deleteSettledCallbackEventsBefore(tx, "failed", cutoff, BATCH)),
        before(days.callbackEvents),
      )),
    resolvedAlerts: await sweep(
      (cutoff) => db.$transaction((tx) => deleteResolvedAlertsBefore(tx, cutoff, BATCH)),
      before(days.resolvedAlerts),
    ),
    setupLinks: await sweep(
      (cutoff) => deleteExpiredLinksBefore(db, "setupLinks", cutoff, BATCH),
      before(EXPIRED_LINK_DAYS),
    ),
    passwordResetLinks: await sweep(
      (cutoff) => deleteExpiredLinksBefore(db, "passwordResetLinks", cutoff, BATCH),
      before(EXPIRED_LINK_DAYS),
    ),
    sandboxSignups: await sweep(
      (cutoff) => deleteExpiredLinksBefore(db, "sandboxSignups", cutoff, BATCH),
      before(EXPIRED_LINK_DAYS),
    ),
  };
}
