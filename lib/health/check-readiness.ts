// GET /api/health/ready's answer, for load balancers: whether this instance should be sent
// requests. Each check reports in the body under its name; only a check that says so makes the
// instance not ready. Another check is one more entry in readinessChecks.
import { pingDatabase } from "../db/ping";
import { EncryptionKeyError } from "../db/key-of-stored-values";
import { checkEncryptionKeyCached } from "../encryption/check-encryption-key";
import { readRateLimitStore } from "../rate-limits/consume-rate-limit";
import { isDraining } from "./draining";
import { pingRedis } from "./ping-redis";

/** What one check found: `report` is its entry in the body; `isReady: false` takes the instance out. */
export type CheckOutcome = { isReady: boolean; report: unknown };

export type ReadinessCheck = {
  /** Its key in the answer's `checks`. */
  name: string;
  /**
   * Whether the instance is not ready when this check fails or has not answered by the deadline
   * (it then reports "down").
   */
  isRequired: boolean;
  check: (deadlineMs: number) => Promise<CheckOutcome>;
};

/** A probe answers well within a load balancer's own timeout (commonly 2 to 5 s). */
export const READINESS_DEADLINE_MS = 1_000;

const up = (isUp: boolean) => (isUp ? "up" : "down");

export const readinessChecks: ReadinessCheck[] = [
  // Stopping (SIGTERM): out of the load balancer's rotation before the listener closes.
  { name: "draining", isRequired: true, check: async () => ({ isReady: !isDraining(), report: isDraining() }) },
  {
    name: "database",
    isRequired: true,
    check: async (deadlineMs) => {
      const isUp = await pingDatabase(deadlineMs);
      return { isReady: isUp, report: up(isUp) };
    },
  },
  // The key opens the database's canary: with a wrong key every secret fails to open, and every
  // merchant request with it. `reseal_due`: a previous key opens it, and everything still opens.
  {
    name: "encryptionKey",
    isRequired: true,
    check: async () => {
      try {
        const found = await checkEncryptionKeyCached();
        return { isReady: true, report: found.isResealDue ? "reseal_due" : "up" };
      } catch (error) {
        if (error instanceof EncryptionKeyError) return { isReady: false, report: "wrong_key" };
        throw error;
      }
    },
  },
  // Without Redis the rate limits count in the instance (docs/decisions.md): every request is
  // still answered, so a Redis that is down is reported, not a reason to take the instance out.
  {
    name: "redis",
    isRequired: false,
    check: async (deadlineMs) => {
      const isUp = await pingRedis(deadlineMs);
      return { isReady: true, report: isUp === null ? "not_configured" : up(isUp) };
    },
  },
  // Where budgets are counted and how often this process counted in a fallback: "instance" says
  // each instance has budgets of its own, which several instances must not run with (docs/operating.md).
  { name: "rateLimits", isRequired: false, check: async () => ({ isReady: true, report: readRateLimitStore() }) },
];

export type Readiness = {
  isReady: boolean;
  body: { status: "ready" | "not_ready"; checks: Record<string, unknown> };
};

async function runCheck({ check, isRequired }: ReadinessCheck, deadlineMs: number): Promise<CheckOutcome> {
  const down = { isReady: !isRequired, report: "down" };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve(down), deadlineMs);
  });
  try {
    return await Promise.race([check(deadlineMs), late]);
  } catch {
    return down;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(): Promise<Readiness> {
  const outcomes = await Promise.all(readinessChecks.map((entry) => runCheck(entry, READINESS_DEADLINE_MS)));
  const isReady = outcomes.every((outcome) => outcome.isReady);
  return {
    isReady,
    body: {
      status: isReady ? "ready" : "not_ready",
      checks: Object.fromEntries(readinessChecks.map((entry, index) => [entry.name, outcomes[index].report])),
    },
  };
}
