// Issue 39's traces, against npm start's own server sending to a local OTLP/HTTP receiver: a live
// merchant's Pix create through a trusted proxy is one trace, joined to the proxy's traceparent,
// with the request's span, its database statements and its call to the PSP, every span carrying
// the request id; the PSP receives the trace context, and the deposit.paid callback's delivery is
// a span of its own whose trace context reaches the merchant. From any other client, the trace is
// the gateway's own: a traceparent is taken only from a trusted proxy.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../test/support/otlp-receiver";
import { createPixFrom } from "../test/support/send-from";
import { E2E_PORT } from "./environment";
import type { Merchant } from "./support";

const port = E2E_PORT + 47;
const SERVER = 2;
const CLIENT = 3;

let gateway: GatewayProcess;
let psp: PspSimulator;
let collector: OtlpReceiver;
let receiver: Receiver;
let merchant: Merchant;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [psp, collector, receiver] = await Promise.all([startPspSimulator({}), startOtlpReceiver(), startReceiver()]);
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: "cashier-e2e",
      // Batches leave every 200 ms instead of the SDK's 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "200",
    },
  });
  const account = JSON.parse(
    await gateway.cashierWithInput(
      `${psp.clientSecret}\n`,
      ...["provider", "add", "--kind", "api_pix", "--label", "API Pix (simulador)", "--url", psp.url],
      ...["--token-url", psp.tokenUrl, "--client-id", psp.clientId, "--client-secret-stdin", "--pix-key", psp.chave],
      ...["--cert-file", psp.certFile, "--key-file", psp.keyFile, "--ca-file", psp.caFile],
    ),
  ) as { id: string };
  await gateway.cashier("psp", "webhook", "register", "--account", account.id);
  merchant = JSON.parse(
    await gateway.cashier("merchant", "create", "--name", "Loja Rastreada", "--live", "--callback-url", receiver.url),
  ) as Merchant;
  await gateway.cashier("merchant", "update", merchant.merchantId, "--provider", account.id);
});

test.afterAll(async () => {
  await gateway?.stop();
  await Promise.all([psp?.close(), collector?.close(), receiver?.close()]);
});

const spansOf = (traceId: string) => collector.spans.filter((span) => span.traceId === traceId);
/** The gateway's span of the request (Next.js's own server spans, its children, set no url.path). */
const requestSpan = (requestId: string) =>
  collector.spans.find(
    (span) =>
      span.kind === SERVER && span.attributes["cashier.request_id"] === requestId && "url.path" in span.attributes,
  );
const traceIdOf = (traceparent: unknown) => String(traceparent).split("-")[1];

test("a live Pix create is one trace: the request, its statements and its PSP call, under the proxy's traceparent", async () => {
  const traceId = randomBytes(16).toString("hex");
  const parentSpanId = randomBytes(8).toString("hex");
  const exchangesBefore = psp.exchanges.length;
  const { answer, depositId } = await createPixFrom(port, merchant, {
    "x-request-id": "trace-abc-123",
    traceparent: `00-${traceId}-${parentSpanId}-01`,
  });
  expect(answer.headers["x-request-id"]).toBe("trace-abc-123");

  await expect.poll(() => requestSpan("trace-abc-123"), { timeout: 20_000 }).toBeDefined();
  const request = requestSpan("trace-abc-123")!;
  expect(request).toMatchObject({
    service: "cashier-e2e",
    traceId,
    parentSpanId,
    name: "POST /api/pix",
    attributes: { "http.request.method": "POST", "http.response.status_code": 201, "cashier.operation": "pix" },
  });
  const trace = spansOf(traceId);
  const database = trace.filter((span) => span.attributes["db.system.name"] === "sqlite");
  expect(database.length).toBeGreaterThan(0);
  expect(database.some((span) => /^INSERT /.test(span.name))).toBe(true);
  const pspCalls = trace.filter((span) => span.kind === CLIENT && span.attributes["cashier.psp_account"]);
  // The charge, and the OAuth token it needed, each a call to the PSP.
  const charge = pspCalls.find((span) => /^PUT \S*\/v2\/cob\/\{id\}$/.test(span.name))!;
  expect(charge, pspCalls.map((span) => span.name).join(", ")).toBeDefined();
  expect(charge.attributes["http.response.status_code"]).toBe(201);
  // Every span of the request names it, however deep.
  for (const span of [...database, ...pspCalls])
    expect(span.attributes["cashier.request_id"], span.name).toBe("trace-abc-123");

  // The PSP received the trace context of the call's span.
  const put = psp.exchanges.slice(exchangesBefore).find((exchange) => exchange.method === "PUT")!;
  expect(put.headers?.traceparent).toMatch(new RegExp(`^00-${traceId}-${charge.spanId}-01$`));

  // Paid: the deposit.paid callback's delivery is a span naming the create's request, and the
  // merchant's server receives its trace context.
  const txid = put.path.split("/cob/")[1];
  await psp.pay(txid);
  await expect
    .poll(() => receiver.received.find((post) => post.data.id === depositId), { timeout: 30_000 })
    .toBeDefined();
  const callback = receiver.received.find((post) => post.data.id === depositId)!;
  const callbackTrace = traceIdOf(callback.headers.traceparent);
  await expect
    .poll(() => spansOf(callbackTrace).find((span) => span.name === "callback deposit.paid"), { timeout: 20_000 })
    .toMatchObject({
      kind: CLIENT,
      attributes: {
        "cashier.request_id": "trace-abc-123",
        "cashier.object_id": depositId,
        "cashier.event_type": "deposit.paid",
        "http.response.status_code": 204,
      },
    });
});

test("a client's own traceparent is not followed: its request starts a trace of the gateway's", async () => {
  const traceId = randomBytes(16).toString("hex");
  const { answer } = await createPixFrom(
    port,
    merchant,
    { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
    "127.0.0.2",
  );
  const requestId = String(answer.headers["x-request-id"]);
  await expect.poll(() => requestSpan(requestId), { timeout: 20_000 }).toBeDefined();
  const span = requestSpan(requestId) as ReceivedSpan;
  expect(span.traceId).not.toBe(traceId);
  expect(span.parentSpanId).toBe("");
  expect(spansOf(traceId)).toEqual([]);
});

test("no span holds a token or a secret from an address, the gateway's or Next.js's", async () => {
  const token = randomBytes(24).toString("base64url");
  const secret = `s3cr3t-${randomBytes(8).toString("hex")}`;
  const answers = await Promise.all([
    fetch(`${gateway.url}/pay/${token}`),
    fetch(`${gateway.url}/console/setup/${token}`),
    fetch(`${gateway.url}/api/psp/webhook/pix?secret=${secret}`, { method: "POST", body: "{}" }),
  ]);
  const ids = await Promise.all(
    answers.map(async (answer) => {
      await answer.arrayBuffer();
      return String(answer.headers.get("x-request-id"));
    }),
  );
  for (const id of ids) await expect.poll(() => requestSpan(id), { timeout: 20_000 }).toBeDefined();
  // Next.js's own server span of each request, which named the address whole before it was scrubbed.
  await expect
    .poll(() => collector.spans.filter((span) => span.attributes["http.target"] !== undefined).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const everything = JSON.stringify(collector.spans);
  expect(everything).not.toContain(token);
  expect(everything).not.toContain(secret);
  expect(requestSpan(ids[0])?.name).toBe("GET /pay/{token}");
  const targets = collector.spans.map((span) => span.attributes["http.target"]).filter(Boolean);
  expect(targets).toContain("/pay/{token}");
  expect(targets).toContain("/api/psp/webhook/pix?…");
});
