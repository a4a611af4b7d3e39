// Roles by configuration (issue 38): on one database, an api instance (CASHIER_ROLE=api) serves the
// merchant and runs no background job, and a worker instance (CASHIER_ROLE=worker) delivers the
// callbacks the api instance's changes enqueued while refusing merchant traffic. The default role,
// all, serves and delivers: callbacks.spec.ts's server.
import { expect, test } from "@playwright/test";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { type GatewayProcess, hasTestPostgres, startGateway } from "../test/support/gateway-process";
import { openGatewayRows } from "../test/support/gateway-rows";
import { pixDepositRequest } from "../test/support/requests";
import { E2E_BASE_URL, E2E_PORT } from "./environment";
import { type Merchant, postSigned } from "./support";

// Past the ports the other specs start servers on.
const ports = { sqlite: [E2E_PORT + 36, E2E_PORT + 37], postgres: [E2E_PORT + 38, E2E_PORT + 39] };

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`an api instance and a worker instance on one ${database} database`, () => {
    test.skip(database === "postgres" && !hasTestPostgres(), "needs TEST_POSTGRES_URL");

    let receiver: Receiver;
    let api: GatewayProcess | undefined;
    let worker: GatewayProcess | undefined;

    test.afterAll(async () => {
      await worker?.stop();
      await api?.stop();
      await receiver?.close();
    });

    test("the api instance serves and sends no callback nor takes a lease; the worker delivers it and answers only its health", async () => {
      test.setTimeout(360_000);
      receiver = await startReceiver();
      api = await startGateway({
        database,
        port: ports[database][0],
        env: { CASHIER_ROLE: "api", WEB_CONCURRENCY: "1" },
      });
      const merchant = JSON.parse(
        await api.cashier("merchant", "create", "--name", "Loja Papéis", "--callback-url", receiver.url),
      ) as Merchant;
      const created = await postSigned(`${api.url}/api/pix`, merchant, pixDepositRequest({ amount: "150.00" }));
      expect(created.status).toBe(201);
      const paid = await postSigned(`${api.url}/api/sandbox/simulate`, merchant, {
        id: created.data.id,
        outcome: "paid",
      });
      expect(paid.status).toBe(200);

      // The callback is due at once; an instance running jobs sends it within a second or two.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(receiver.received).toEqual([]);
      const rows = await openGatewayRows(api);
      try {
        expect((await rows.count()).get("JobLease")).toBe(0);

        worker = await startGateway({
          database,
          port: ports[database][1],
          sharing: api,
          env: { CASHIER_ROLE: "worker" },
        });
        await expect
          .poll(() => receiver.received.map((callback) => callback.data.event_id), { timeout: 60_000 })
          .toEqual([paid.data.event_id]);
        expect(receiver.received[0].data).toMatchObject({ type: "deposit.paid", id: created.data.id });
        // The worker reconciles too: it holds the reconciliation lease, and its first run takes the
        // day's funds check's and the hour's retention sweep's (lib/jobs/run-reconciler).
        await expect.poll(async () => (await rows.count()).get("JobLease"), { timeout: 60_000 }).toBe(3);
      } finally {
        await rows.close();
      }

      const refused = await postSigned(`${worker.url}/api/status`, merchant, { id: created.data.id });
      expect(refused).toMatchObject({ status: 404, data: { code: "not_found", status: 404 } });
      expect(String(refused.data.detail)).toContain("CASHIER_ROLE=worker");
      for (const target of ["/", "/pay/abc", "/console", "/docs"]) {
        const page = await fetch(`${worker.url}${target}`);
        expect(page.status, target).toBe(404);
        expect(page.headers.get("content-type"), target).toBe("application/problem+json");
        expect(page.headers.get("x-content-type-options"), target).toBe("nosniff");
        expect(page.headers.get("content-security-policy"), target).toContain("default-src 'none'");
        await page.arrayBuffer();
      }
      for (const health of ["/api/health", "/api/health/live", "/api/health/ready"]) {
        expect((await fetch(`${worker.url}${health}`)).status, health).toBe(200);
      }
      // The api instance still serves the merchant, and its status says what the worker delivered.
      const status = await postSigned(`${api.url}/api/status`, merchant, { id: created.data.id });
      expect(status).toMatchObject({ status: 200, data: { status: "paid" } });
    });
  });
}

test("an instance of the default role, all, serves the merchant API (and delivers: callbacks.spec.ts)", async () => {
  const response = await fetch(`${E2E_BASE_URL}/api/status`, {
    method: "POST",
    body: JSON.stringify({ jwt: "not-a-token" }),
    headers: { "content-type": "application/json" },
  });
  expect(response.status).toBe(400);
});
