import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/openapi.json/route";
import { callbackTypeSchema } from "../callbacks/callback-types";
import { errorCodes } from "../errors/app-error";
import { buildOpenApiDocument, notJwtRoutes } from "./build-openapi-document";

const document = buildOpenApiDocument({ maxAmountCents: 10_000_000n });
type Operation = {
  requestBody: { "x-data": { $ref: string } };
  responses: Record<string, { "x-data": { $ref: string } }>;
};
const post = (route: string) => (document.paths[route] as { post: Operation }).post;
const resolve = (reference: { $ref: string }) =>
  document.components.schemas[reference.$ref.replace("#/components/schemas/", "")] as Record<string, unknown>;

function apiRoutes(directory = path.resolve("app/api")): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return apiRoutes(full);
    return entry.name === "route.ts"
      ? ["/" + path.relative(path.resolve("app"), path.dirname(full)).split(path.sep).join("/")]
      : [];
  });
}

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has every JWT route under app/api, and names the two that are not JWT operations", () => {
    const routes = apiRoutes();
    const isJwt = (route: string) => !notJwtRoutes.some((prefix) => route.startsWith(prefix));
    expect(routes.filter((route) => !isJwt(route))).toEqual(
      expect.arrayContaining(["/api/health", "/api/psp/webhook/pix"]),
    );
    const expected = routes.filter(isJwt).sort();
    expect(expected).toEqual(
      expect.arrayContaining(["/api/pix", "/api/payment-initiation", "/api/gateway-out", "/api/status", "/api/refund"]),
    );
    expect(Object.keys(document.paths).sort()).toEqual(expected);
    for (const route of notJwtRoutes) expect(document.info.description).toContain(route);
  });

  it("gives each operation its request data and response data from the schemas", () => {
    for (const route of Object.keys(document.paths)) {
      const operation = post(route);
      expect(resolve(operation.requestBody["x-data"]), route).toMatchObject({ type: "object" });
      expect(resolve(operation.responses["200"]["x-data"]), route).toBeDefined();
    }
    const pix = resolve(post("/api/pix").requestBody["x-data"]) as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(pix.properties.amount).toMatchObject({ type: ["string", "number"], examples: ["10.50"] });
    expect(pix.properties.name).toMatchObject({ type: "string", examples: ["Maria da Silva"] });
    expect(pix.required).toEqual(
      expect.arrayContaining(["amount", "reference", "merchant_user", "country", "buyer_ip"]),
    );
    const pixAnswer = resolve(post("/api/pix").responses["201"]["x-data"]) as { properties: Record<string, unknown> };
    expect(Object.keys(pixAnswer.properties)).toEqual([
      "id",
      "currency",
      "amount",
      "reference",
      "qrCodeText",
      "qrCodeImage",
      "status",
      "expires_at",
      "warnings",
    ]);
  });

  it("lets every answer and refusal carry warnings, which every operation may add", () => {
    const warnings = { type: "array", items: { type: "string" } };
    for (const route of Object.keys(document.paths)) {
      const answer = resolve(post(route).responses["200"]["x-data"]) as {
        properties?: Record<string, unknown>;
        anyOf?: { properties: Record<string, unknown> }[];
      };
      for (const shape of answer.anyOf ?? [answer]) expect(shape.properties?.warnings, route).toMatchObject(warnings);
    }
    const refusal = document.components.schemas.ErrorData as { properties: Record<string, unknown> };
    expect(refusal.properties.warnings).toMatchObject(warnings);
  });

  it("lists every error code and every callback", () => {
    expect(document.components.schemas.ErrorCode).toMatchObject({ enum: Object.keys(errorCodes) });
    expect(Object.keys(document.webhooks).sort()).toEqual([...callbackTypeSchema.options, "test"].sort());
    const paid = document.components.schemas["Callback_deposit_paid"] as { properties: Record<string, unknown> };
    expect(Object.keys(paid.properties)).toEqual(
      expect.arrayContaining(["event_id", "type", "occurred_at", "id", "reference", "amount", "status"]),
    );
  });

  it("is served at GET /openapi.json", async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });
});

describe("/docs", () => {
  it("renders every operation's and callback's fields from the document", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { default: DocsPage } = await import("@/app/docs/page");
    const html = renderToStaticMarkup(DocsPage());
    for (const [route, { post }] of Object.entries(document.paths)) {
      expect(html).toContain(`POST ${route}`);
      const fields = resolve(post.requestBody["x-data"]).properties as Record<string, unknown>;
      for (const field of Object.keys(fields)) expect(html, `${route} ${field}`).toContain(`>${field}<`);
    }
    for (const type of Object.keys(document.webhooks)) expect(html).toContain(`>${type}<`);
    expect(html).toContain(">qrCodeText<");
    // A list's rows and their own lists are documented field by field.
    expect(html).toContain(">transactions[].status<");
    expect(html).toContain(">events[].attempts[].http_status<");
  });
});
