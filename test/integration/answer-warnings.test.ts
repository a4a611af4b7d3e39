// Every signed answer names the data fields its operation does not have, instead of refusing them:
// an older or newer client keeps working, and a misspelt field is found at the first call. Each
// operation of the OpenAPI document is posted through its real route handler, so a route whose
// declared schema and documented fields differ fails here.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JwtOperation } from "@/lib/openapi/build-openapi-document";

const { buildOpenApiDocument } = await import("@/lib/openapi/build-openapi-document");
const { getDb } = await import("@/lib/db/client");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest } = await import("../support/requests");

type Handler = (request: Request) => Promise<Response>;
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

const document = buildOpenApiDocument({ maxAmountCents: 10_000_000n }, "https://cashier.example.com");
// The operations a token's answer comes back from: all but Gateway In's GET, which opens a page.
const jwtRoutes = Object.entries(document.paths).flatMap(([route, item]) => ("post" in item ? [route] : []));
const routeOf = async (route: string) =>
  ((await import(path.resolve(`app${route}/route.ts`))) as { POST: Handler }).POST;

let merchant: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
});

afterAll(() => receiver.close());

async function call(route: string, data: Record<string, unknown>) {
  const response = await postSigned(await routeOf(route), merchant, data);
  return { response, ...(await readSigned(response, merchant)) };
}

describe("unknown data fields", () => {
  it.each(jwtRoutes)("%s names only the fields it does not document, whatever its answer", async (route) => {
    const operation = (document.paths[route] as { post: JwtOperation }).post;
    const name = operation.requestBody["x-data"].$ref.replace("#/components/schemas/", "");
    const documented = Object.keys((document.components.schemas[name].properties ?? {}) as Record<string, unknown>);
    // Every documented field, each refused or not, and one the operation does not have.
    const data = { ...Object.fromEntries(documented.map((field) => [field, null])), colour: "blue" };
    const { data: answer } = await call(route, data);
    expect(answer.warnings, JSON.stringify(answer)).toEqual(['unknown field "colour" was ignored']);
  });

  it("are taken, not refused: the deposit is created, and the same request without them replays it", async () => {
    const request = pixDepositRequest();
    const first = await call("/api/pix", { ...request, colour: "blue", Reference: "other" });
    expect(first.response.status).toBe(201);
    expect(first.data.warnings).toEqual([
      'unknown field "colour" was ignored',
      'unknown field "Reference" was ignored',
    ]);
    expect(await getDb().transaction.count({ where: { id: first.data.id as string } })).toBe(1);

    const again = await call("/api/pix", request);
    expect(again.response.status).toBe(200);
    expect(again.data).not.toHaveProperty("warnings");
    expect(again.data.id).toBe(first.data.id);
  });

  it("are named beside the refusal they explain: a misspelt reference", async () => {
    const { reference, ...request } = pixDepositRequest();
    const { response, data } = await call("/api/pix", { ...request, refrence: reference });
    expect(response.status).toBe(422);
    expect(data.error).toMatchObject({ type: "validation_failed", fields: [{ path: "reference" }] });
    expect(data.warnings).toEqual(['unknown field "refrence" was ignored']);
  });

  it("include amount where the operation has none, without reading it as reais", async () => {
    const { data } = await call("/api/status", { reference: "no-such-order", amount: 1050 });
    expect(data.warnings).toEqual(['unknown field "amount" was ignored']);
    // Where the operation has an amount, a whole one is still warned about, a refusal included.
    const refused = await call("/api/pix", { ...pixDepositRequest(), amount: 1050, country: "US" });
    expect(refused.response.status).toBe(422);
    expect(refused.data.warnings).toEqual([expect.stringMatching(/^amount 1050 was read as 1050.00 reais/)]);
  });
});
