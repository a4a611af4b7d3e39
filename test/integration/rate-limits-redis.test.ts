// Rate limits counted in Redis (REDIS_URL, the machine's Redis at 127.0.0.1:6379), as every
// gateway instance sharing it counts them; e2e/rate-limits.spec.ts runs two servers against it.
import { describe, vi } from "vitest";
import { rateLimitCases } from "../support/rate-limit-cases";

vi.hoisted(() => {
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  process.env.RATE_LIMIT_REQUESTS = "50";
  // Exact counts on a loaded machine; the deadline itself is rate-limits-redis-stall.test.ts's.
  process.env.REDIS_TIMEOUT_MS = "1000";
});

describe("rate limits in Redis", () => rateLimitCases());
