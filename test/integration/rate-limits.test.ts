// Rate limits with this process's own counters (no REDIS_URL); rate-limits-redis.test.ts runs the
// same cases with counters in Redis.
import { describe, vi } from "vitest";
import { rateLimitCases } from "../support/rate-limit-cases";

vi.hoisted(() => {
  delete process.env.REDIS_URL;
  process.env.RATE_LIMIT_REQUESTS = "50";
});

describe("rate limits in memory", () => rateLimitCases());
