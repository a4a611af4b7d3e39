import { setTimeout as sleep } from "node:timers/promises";
import { log } from "../log/logger";
import { expireDueDeposits } from "./expire-due-deposits";

/** Expires due deposits every few seconds until stopped; a failed sweep is logged and retried. */
export async function runExpirySweeper(options: { signal?: AbortSignal; intervalMs?: number } = {}): Promise<void> {
  while (!options.signal?.aborted) {
    try {
      const expired = await expireDueDeposits();
      if (expired > 0) log.info("deposits expired", { count: expired });
    } catch (error) {
      log.error("deposit expiry sweep failed", { error: error instanceof Error ? error.message : String(error) });
    }
    await sleep(options.intervalMs ?? 5_000, undefined, { signal: options.signal }).catch(() => undefined);
  }
}
