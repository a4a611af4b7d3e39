// Issue 37: a server told to stop (SIGTERM, as a rolling restart does) goes not-ready before it
// closes its listener, so the load balancer stops sending it requests before any is refused: for
// SHUTDOWN_READY_DELAY_MS /api/health/ready answers 503 (draining) while the same listener still
// answers everything else, then closes it and exits.
import { expect, test } from "@playwright/test";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";

const port = E2E_PORT + 20;
let gateway: GatewayProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gateway = await startGateway({
    database: "sqlite",
    port,
    // Generous: the checks below must run inside it on a loaded machine.
    env: { SHUTDOWN_READY_DELAY_MS: "15000", WEB_CONCURRENCY: "1", CALLBACK_WORKER: "false" },
  });
});

test.afterAll(async () => {
  await gateway?.stop();
});

test("after SIGTERM, /api/health/ready is 503 while the listener still accepts, and it stops", async ({ request }) => {
  const ready = await request.get(`${gateway.url}/api/health/ready`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", checks: { draining: false, database: "up" } });

  process.kill(gateway.pid(), "SIGTERM");
  // Each probe on a new connection: the listener itself must still accept.
  await expect
    .poll(
      async () => (await request.get(`${gateway.url}/api/health/ready`, { headers: { connection: "close" } })).status(),
      {
        timeout: 10_000,
        intervals: [50],
      },
    )
    .toBe(503);
  const draining = await request.get(`${gateway.url}/api/health/ready`, { headers: { connection: "close" } });
  expect(await draining.json()).toMatchObject({ status: "not_ready", checks: { draining: true, database: "up" } });
  const live = await request.get(`${gateway.url}/api/health/live`, { headers: { connection: "close" } });
  expect(live.status()).toBe(200);
  expect((await request.get(`${gateway.url}/api/health`, { headers: { connection: "close" } })).status()).toBe(200);
});
