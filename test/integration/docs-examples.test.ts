// Every JSON example the docs show (the OpenAPI document, /docs and docs/api.md) is a request the
// gateway accepts: each is posted, signed, through its route handler, in the order a merchant's
// developer would try them, so an example that drifts from the schemas fails here.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const { GATEWAY_IN_PATH, requestExamples } = await import("@/lib/openapi/request-examples");
const { exampleIds } = await import("@/lib/ids/example-ids");
const { buildOpenApiDocument } = await import("@/lib/openapi/build-openapi-document");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { importEnvelopeHandlers } = await import("../support/envelope-handlers");
const { startRouteServer } = await import("../support/route-server");
const { codeSamples } = await import("@/lib/openapi/code-samples");
const { signRequestToken } = await import("@/lib/envelope/sign-request-token");
const { GET: direct } = await import("@/app/direct/[keyId]/[token]/route");

const handlers: Record<string, (request: Request) => Promise<Response>> = await importEnvelopeHandlers();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** The API guide's examples: each ```json block right after a `<!-- example: /api/… -->` line. */
function guideExamples(): [string, unknown][] {
  const guide = readFileSync("docs/api.md", "utf8");
  return [...guide.matchAll(/<!-- example: (\S+) -->\n```json\n([\s\S]*?)\n```/g)].map((match) => [
    match[1],
    JSON.parse(match[2]),
  ]);
}

describe("the docs' JSON examples", () => {
  it("are the same in the OpenAPI document and the API guide, for every operation", () => {
    const document = buildOpenApiDocument({ maxAmountCents: 10_000_000n }, "https://cashier.example.com");
    expect(Object.keys(requestExamples).sort()).toEqual(Object.keys(document.paths).sort());
    const inGuide = guideExamples();
    for (const [path, examples] of Object.entries(requestExamples)) {
      const item = document.paths[path];
      const data = "post" in item ? item.post.requestBody["x-data"] : item.get.parameters[1]["x-data"];
      const name = data.$ref.replace("#/components/schemas/", "");
      expect(document.components.schemas[name].examples).toEqual(examples);
      for (const example of examples) expect(inGuide, path).toContainEqual([path, example]);
    }
    for (const [path, example] of inGuide) expect(requestExamples[path], path).toContainEqual(example);
  });

  it("are each accepted by the gateway, signed, in the order a developer tries them", async () => {
    const merchant = await createTestMerchant({
      callbackUrl: receiver.url,
      redirectOrigins: ["https://shop.example.com"],
    });
    let depositId = "";
    let eventId = "";
    let disputeId = "";
    for (const [path, examples] of Object.entries(requestExamples)) {
      if (path === GATEWAY_IN_PATH) continue;
      if (path === "/api/gateway-out") await fundSandboxMerchant(merchant.merchantId, "100");
      // The disputes' examples name the paid deposit's dispute, which its payer opens first.
      if (path === "/api/disputes") {
        const opened = await postSigned(handlers["/api/sandbox/simulate"], merchant, {
          id: depositId,
          outcome: "disputed",
        });
        disputeId = (await readSigned(opened, merchant)).data.dispute_id as string;
      }
      for (const example of examples) {
        const data = JSON.parse(
          JSON.stringify(example)
            .replaceAll(exampleIds.deposit, depositId)
            .replaceAll(exampleIds.event, eventId)
            .replaceAll(exampleIds.dispute, disputeId),
        ) as Record<string, unknown>;
        const answer = await readSigned(await postSigned(handlers[path], merchant, data), merchant);
        expect([200, 201], `${path} ${JSON.stringify(answer.data)}`).toContain(answer.payload.code);
        if (path === "/api/pix") depositId = answer.data.id as string;
        // The deposit's own events: the paid deposit's callback is the one the resend example sends again.
        if (path === "/api/events" && "transaction_id" in example)
          eventId = (answer.data.events as { event_id: string }[])[0].event_id;
      }
    }
    expect(depositId).toMatch(/^dep_/);
    expect(eventId).toMatch(/^evt_/);
    expect(disputeId).toMatch(/^dsp_/);

    // Gateway In's example is a token's data: the customer's GET opens the deposit.
    for (const data of requestExamples[GATEWAY_IN_PATH]) {
      const token = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
      const params = { keyId: merchant.keyId, token };
      const opened = await direct(new Request(`http://localhost/direct/${merchant.keyId}/${token}`), {
        params: Promise.resolve(params),
      });
      expect(opened.status, await opened.clone().text()).toBe(303);
      expect(opened.headers.get("location")).toMatch(/\/pay\//);
    }

    // The curl and Node.js samples, run as written against the same handlers over HTTP.
    const server = await startRouteServer(handlers);
    try {
      const env = {
        ...process.env,
        CASHIER_URL: server.url,
        CASHIER_KEY_ID: merchant.keyId,
        CASHIER_SECRET: merchant.secret,
      };
      const sample = (language: string) => codeSamples.find((candidate) => candidate.language === language)!.code;
      // Asynchronously: the server answering curl runs in this process.
      const { stdout } = await promisify(execFile)("bash", ["-c", sample("sh")], { env, timeout: 10_000 });
      expect(stdout.trim()).toBe("verified");

      Object.assign(process.env, {
        CASHIER_URL: server.url,
        CASHIER_KEY_ID: merchant.keyId,
        CASHIER_SECRET: merchant.secret,
      });
      const directory = path.resolve("test-results/code-samples");
      mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `node-${merchant.keyId}.mjs`);
      writeFileSync(file, sample("js"));
      const client = (await import(pathToFileURL(file).href)) as {
        call: (path: string, data: unknown) => Promise<{ code: number; data: Record<string, unknown> }>;
        verifyCallback: (body: string) => Promise<Record<string, unknown>>;
      };
      const answer = await client.call("/api/status", { reference: "order-1001" });
      expect(answer).toMatchObject({ code: 200, data: { id: depositId, status: "paid" } });
      const refused = await client.call("/api/status", { reference: "no-such-order" });
      expect(refused).toMatchObject({ code: 404, data: { error: { type: "not_found" } } });
      const testCallback = receiver.received.find((received) => received.data.type === "test");
      expect(await client.verifyCallback(testCallback!.body)).toMatchObject({ type: "test" });
    } finally {
      await server.close();
    }
  });

  it("are in the API guide, each code sample verbatim", () => {
    const guide = readFileSync("docs/api.md", "utf8");
    for (const sample of codeSamples)
      expect(guide, sample.title).toContain("```" + sample.language + "\n" + sample.code + "\n```");
  });
});
