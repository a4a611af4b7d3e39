// Roles by configuration (issue 38): on one database, an api instance (CASHIER_ROLE=api) serves the
// merchant and runs no background job, and a worker instance (CASHIER_ROLE=worker) delivers the
// callbacks the api instance's changes enqueued while refusing merchant traffic. The default role,
// all, serves and delivers: callbacks.spec.ts's server.
import { expect, test } from "@playwright/test";
import { decodeJwt } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { type GatewayProcess, hasTestPostgres, startGateway } from "../test/support/gateway-process";
import { openGatewayRows } from "../test/support/gateway-rows";
import { E2E_BASE_URL, E2E_PORT } from "./environment";
import type { Merchant } from "./support";

// Past the ports the other specs start servers on.
const ports = { sqlite: [E2E_PORT + 36, E2E_PORT + 37], postgres: [E2E_PORT + 38, E2E_PORT + 39] };

/** A signed request to a gateway's merchant API, with its status and the answer's data when signed. */
async function post(url: string, merchant: Merchant, data: Record<string, unknown>) {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await fetch(url, {
    method: "POST",
    body: JSON.stringify({ jwt }),
    headers: { "content-type": "application/json" },
  });
  const body = (await response.json()) as Record<string, unknown>;
  const answer = typeof body.jwt === "string" ? (decodeJwt(body.jwt).data as Record<string, unknown>) : body;
  return { status: response.status, data: answer };
}

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
      const created = await post(`${api.url}/api/pix`, merchant, {
        name: "Maria da Silva",
        email: "maria@example.com",
        cpf: "529.982.247-25",
        currency: "BRL",
        country: "BR",
        buyer_ip: "203.0.113.9",
        merchant_user: "cliente-42",
        amount: "150.00",
        reference: `roles-${database}-${Date.now()}`,
      });
      expect(created.status).toBe(201);
      const paid = await post(`${api.url}/api/sandbox/simulate`, merchant, { id: created.data.id, outcome: "paid" });
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
        // The worker reconciles too: it holds the reconciliation lease.
        await expect.poll(async () => (await rows.count()).get("JobLease"), { timeout: 60_000 }).toBe(1);
      } finally {
        await rows.close();
      }

      const refused = await post(`${worker.url}/api/status`, merchant, { id: created.data.id });
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
      const status = await post(`${api.url}/api/status`, merchant, { id: created.data.id });
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
