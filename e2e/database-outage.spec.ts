// Issue 37: PostgreSQL cut for 10 s under load, through a proxy the test owns between the built
// server and PostgreSQL (every connection reset, new ones refused). Every answer the outage gives
// is a 503 with Retry-After: signed with the merchant's key where the key was read before the
// database failed, problem+json otherwise; the hosted page says "tente de novo em instantes",
// the console and the PSP's webhook answer 503 too. Readiness goes not-ready while liveness stays
// up, everything recovers without a restart, no deposit is left half-written, and the log says
// the outage once as it starts and once as it ends.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { decodeJwt, jwtVerify } from "jose";
import pg from "pg";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type GatewayProcess, hasTestPostgres, startGateway } from "../test/support/gateway-process";
import { pixDepositRequest } from "../test/support/requests";
import { type StallingProxy, startStallingProxy } from "../test/support/stalling-proxy";
import { type TestDatabase, createTestDatabase } from "../test/support/test-database";
import { E2E_PORT } from "./environment";
import type { Merchant } from "./support";

const port = E2E_PORT + 19;
const OUTAGE_MS = 10_000;
const CLIENTS = 6;

test.skip(!hasTestPostgres(), "needs TEST_POSTGRES_URL");

let database: TestDatabase;
let proxy: StallingProxy;
let gateway: GatewayProcess;
let merchant: Merchant;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createTestDatabase("postgres");
  const direct = new URL(database.url);
  proxy = await startStallingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: {
      DATABASE_URL: proxied.toString(),
      // One server process: its log has one outage to say.
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      RATE_LIMIT_REQUESTS: "100000",
      CASHIER_SEED_DEMO: "false",
    },
  });
  merchant = JSON.parse(await gateway.cashier("merchant", "create", "--name", "Loja Sem Banco")) as Merchant;
});

test.afterAll(async () => {
  await gateway?.stop();
  await proxy?.close();
  await database?.drop();
});

type Answer = {
  reference: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  retryAfter: string | null;
  contentType: string;
  body: string;
};

async function sendPix(request: APIRequestContext, reference: string): Promise<Answer> {
  const jwt = await signRequestToken({
    keyId: merchant.keyId,
    secret: merchant.secret,
    data: pixDepositRequest({ reference }),
  });
  const sentAt = Date.now();
  const response = await request.post(`${gateway.url}/api/pix`, { data: { jwt }, timeout: 60_000 });
  return {
    reference,
    sentAt,
    answeredAt: Date.now(),
    status: response.status(),
    retryAfter: response.headers()["retry-after"] ?? null,
    contentType: response.headers()["content-type"] ?? "",
    body: await response.text(),
  };
}

/** The answer's code and error type: verified with the merchant's key when signed. */
async function readAnswer(answer: Answer): Promise<{ isSigned: boolean; code: number; type: string | undefined }> {
  if (answer.contentType.startsWith("application/problem+json")) {
    const problem = JSON.parse(answer.body) as { status: number; code: string };
    return { isSigned: false, code: problem.status, type: problem.code };
  }
  const { jwt } = JSON.parse(answer.body) as { jwt: string };
  const { payload } = await jwtVerify(jwt, new TextEncoder().encode(merchant.secret));
  const { code, data } = payload as { code: number; data: { error?: { type: string } } };
  return { isSigned: true, code, type: data.error?.type };
}

const logLines = () =>
  gateway
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string; pid: number; [field: string]: unknown });

test("PostgreSQL cut for 10 s under load: 503s with Retry-After, not ready, then recovered, nothing half-written, one outage in the log", async ({
  request,
}) => {
  test.setTimeout(240_000);
  // A payment whose hosted page is asked for during the outage.
  const initiation = await request.post(`${gateway.url}/api/payment-initiation`, {
    data: {
      jwt: await signRequestToken({
        keyId: merchant.keyId,
        secret: merchant.secret,
        data: pixDepositRequest({
          successRedirectUrl: "https://loja.example.com/pago",
          failedRedirectUrl: "https://loja.example.com/falhou",
        }),
      }),
    },
  });
  expect(initiation.status(), await initiation.text()).toBe(201);
  const { data: hosted } = decodeJwt(((await initiation.json()) as { jwt: string }).jwt) as {
    data: { paymentInitiationUrl: string };
  };
  const payUrl = hosted.paymentInitiationUrl;

  const answers: Answer[] = [];
  let sequence = 0;
  let isLoading = true;
  const load = Array.from({ length: CLIENTS }, async () => {
    while (isLoading) {
      answers.push(await sendPix(request, `carga-${Date.now()}-${++sequence}`));
      // A merchant's pace, not a flood: refusals come back in milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // Some answered with the database up first.
  await expect
    .poll(() => answers.filter((answer) => answer.status === 201).length, { timeout: 60_000 })
    .toBeGreaterThan(10);

  await proxy.cut();
  const cutAt = Date.now();
  const ready = await request.get(`${gateway.url}/api/health/ready`);
  expect(ready.status()).toBe(503);
  expect(await ready.json()).toMatchObject({ status: "not_ready", checks: { database: "down", draining: false } });
  expect((await request.get(`${gateway.url}/api/health/live`)).status()).toBe(200);

  const page = await request.get(payUrl);
  expect(page.status()).toBe(503);
  expect(Number(page.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await page.text()).toContain("Tente de novo em instantes");
  const english = await request.get(`${payUrl}?lang=en`);
  expect(english.status()).toBe(503);
  expect(await english.text()).toContain("Try again in a moment");

  // A console page whose session must be read, and a PSP's notification: 503s they retry.
  const console = await request.get(`${gateway.url}/console`, {
    headers: { cookie: "cashier_console=sessao-qualquer" },
    maxRedirects: 0,
  });
  expect(console.status()).toBe(503);
  expect(Number(console.headers()["retry-after"])).toBeGreaterThan(0);
  const webhook = await request.post(`${gateway.url}/api/psp/webhook/pa_conta`, { data: { pix: [] } });
  expect(webhook.status()).toBe(503);
  expect(Number(webhook.headers()["retry-after"])).toBeGreaterThan(0);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + OUTAGE_MS - Date.now())));
  const restoredAt = Date.now();
  await proxy.restore();
  await expect
    .poll(async () => (await request.get(`${gateway.url}/api/health/ready`)).status(), { timeout: 60_000 })
    .toBe(200);
  const recoveredAt = Date.now();
  await expect
    .poll(() => answers.filter((answer) => answer.sentAt > recoveredAt && answer.status === 201).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(10);
  isLoading = false;
  await Promise.all(load);

  // Never a 500; every 503 retryable, and what it says is the database's outage.
  expect(answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
  const refused = answers.filter((answer) => answer.status === 503);
  for (const answer of refused) {
    expect(Number(answer.retryAfter), answer.body).toBeGreaterThan(0);
    expect(await readAnswer(answer), answer.body).toMatchObject({ code: 503, type: "service_unavailable" });
  }
  // Sent once the cut was made and answered before the database came back: all refused.
  const inWindow = answers.filter((answer) => answer.sentAt >= cutAt && answer.answeredAt <= restoredAt);
  expect(inWindow.length).toBeGreaterThan(CLIENTS);
  expect(inWindow.filter((answer) => answer.status !== 503)).toEqual([]);

  // Every deposit is whole (its row, its creation event and its charge) once the refused requests
  // that had written something, and a few others, are sent again as a merchant would.
  const reader = new pg.Client({ connectionString: database.url });
  await reader.connect();
  const readDeposits = async () =>
    (
      await reader.query<{ reference: string; pixCode: string | null; events: string }>(
        `SELECT t."reference", t."pixCode", (SELECT COUNT(*) FROM "TransactionEvent" e WHERE e."transactionId" = t."id") AS events FROM "Transaction" t WHERE t."reference" LIKE 'carga-%'`,
      )
    ).rows.map((row) => ({ ...row, events: Number(row.events) }));
  try {
    const written = new Set((await readDeposits()).map((row) => row.reference));
    const retried = refused.filter((answer, index) => written.has(answer.reference) || index < 10);
    for (const answer of retried) expect([200, 201]).toContain((await sendPix(request, answer.reference)).status);
    const deposits = await readDeposits();
    for (const deposit of deposits)
      expect(deposit, "a deposit cut in half").toMatchObject({ pixCode: expect.any(String), events: 1 });
    const references = new Set(deposits.map((deposit) => deposit.reference));
    for (const answer of [...answers.filter((answer) => answer.status !== 503), ...retried])
      expect(references.has(answer.reference), answer.reference).toBe(true);
  } finally {
    await reader.end();
  }

  // One line as the outage started and one as it ended; no stack, no error line for any request.
  const lines = logLines();
  expect(lines.filter((line) => line.msg.startsWith("database unavailable"))).toHaveLength(1);
  expect(lines.filter((line) => line.msg === "database answers again")).toHaveLength(1);
  expect(lines.filter((line) => line.level === "error")).toEqual([]);
});
