// Budgets that hold on every worker without Redis (issue 37): npm start with two workers counts
// its rate limits in its primary process, so 40 concurrent forged tokens from one address, spread
// over both workers, are answered 401 no more often than the address's budget and 429 after it,
// and readiness says the budgets are the instance's own. (40 concurrent wrong sign-ins on two
// workers: console-throttle.spec.ts's first target, with 200.)
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";

// Past the ports the other specs start servers on.
const port = E2E_PORT + 33;
// Below the default (100): 40 concurrent requests are twice the budget.
const TOKEN_FAILURES = 20;

let gateway: GatewayProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: {
      WEB_CONCURRENCY: "2",
      CALLBACK_WORKER: "false",
      RATE_LIMIT_TOKEN_FAILURES: String(TOKEN_FAILURES),
      // The "api request" lines name the worker that answered.
      LOG_LEVEL: "info",
    },
  });
});

test.afterAll(async () => {
  await gateway?.stop();
});

/** The pids of the workers that answered a status request with 401 or 429. */
const refusedBy = () =>
  new Set(
    gateway
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"api request"') && /"status":(401|429)/.test(line))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

test("two workers without Redis: 40 concurrent forged tokens from one address are answered 401 only up to the budget, then 429; readiness says the budgets are the instance's", async () => {
  test.setTimeout(120_000);
  const attacker = `203.0.113.${randomBytes(1)[0]}`;
  const statuses = await Promise.all(
    Array.from({ length: 40 }, async () => {
      // Each naming a key of its own: only the address's budget counts them together.
      const jwt = await signRequestToken({
        keyId: `mk_test_${randomBytes(8).toString("hex")}`,
        secret: "not-the-secret",
        data: { id: "dep_x" },
      });
      const response = await fetch(`${gateway.url}/api/status`, {
        method: "POST",
        body: JSON.stringify({ jwt }),
        // A connection each, so the primary hands them to both workers.
        headers: { "content-type": "application/json", "x-forwarded-for": attacker, connection: "close" },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const tally = statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});
  expect(tally).toEqual({ 401: TOKEN_FAILURES, 429: 40 - TOKEN_FAILURES });
  // Both workers answered (their log lines may trail the answers): each counting alone would have
  // answered 401 up to the budget, 40 in all.
  await expect.poll(() => refusedBy().size, { timeout: 10_000 }).toBe(2);

  const ready = await fetch(`${gateway.url}/api/health/ready`);
  expect(ready.status).toBe(200);
  expect(((await ready.json()) as { checks: { rateLimits: unknown } }).checks.rateLimits).toMatchObject({
    store: "instance",
  });
});
