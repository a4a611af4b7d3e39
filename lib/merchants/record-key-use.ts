// When each key last signed a request that verified ("last used" in the console), kept cheaply:
// the write is never awaited by the request it follows, each process writes a key at most once a
// minute (remembered here), and the write itself is conditional on the stored time being over a
// minute old, so several processes still write a key at most about once a minute between them.
// Only verified tokens are counted: a failure path never writes.
import { touchApiKeyLastUsed } from "../db/api-keys";
import { getDb } from "../db/client";
import { log } from "../log/logger";

const INTERVAL_MS = 60_000;
// Keys are few; the bound only keeps a process from growing without limit.
const MAX_REMEMBERED = 10_000;
const writtenAt = new Map<string, number>();

/** Returns the write under way, or null when none was needed (for tests; requests do not wait). */
export function recordKeyUse(keyId: string, at = new Date()): Promise<void> | null {
  const last = writtenAt.get(keyId);
  if (last !== undefined && at.getTime() - last < INTERVAL_MS) return null;
  if (writtenAt.size >= MAX_REMEMBERED) writtenAt.clear();
  writtenAt.set(keyId, at.getTime());
  return touchApiKeyLastUsed(getDb(), keyId, at, INTERVAL_MS).catch((error: unknown) => {
    // Bookkeeping only: the request it follows has its answer either way.
    writtenAt.delete(keyId);
    log.warn("could not record a key's last use", {
      keyId,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}
