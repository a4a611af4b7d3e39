// Whether the rate limits' Redis answers, for readiness. A client of its own, made at the first
// probe and kept: the rate limits' client skips a Redis it gave up on (no offline queue), so it
// cannot say whether Redis answers now.
import { Redis } from "ioredis";
import { getConfig } from "../config/config";

let client: Redis | undefined;

/** True when Redis answers PING within the deadline; null when no Redis is configured. */
export async function pingRedis(deadlineMs: number): Promise<boolean | null> {
  const { redisUrl } = getConfig();
  if (!redisUrl) return null;
  if (!client) {
    client = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: deadlineMs,
      commandTimeout: deadlineMs,
    });
    // ioredis reconnects on its own; a probe meanwhile is answered "down", and the rate limits log
    // Redis's outage (lib/rate-limits/consume-rate-limit).
    client.on("error", () => undefined);
  }
  try {
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  }
}
