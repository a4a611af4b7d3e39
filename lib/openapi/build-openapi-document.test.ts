import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSchemaValidator, pointerOf } from "@/test/support/json-schema";
import { GET as getDecoded } from "@/app/openapi.decoded.json/route";
import { GET } from "@/app/openapi.json/route";
import { callbackTypeSchema } from "../callbacks/callback-types";
import { isIdOf } from "../ids/new-id";
import { buyerIpSchema } from "../transactions/request-schemas";
import { answeredErrorCodes } from "../errors/app-error";
import { problemTypeOf } from "../http/problem";
import { securityHeaders } from "../security/security-headers";
import { buildDecodedOpenApiDocument } from "./build-decoded-openapi-document";
import { type JwtOperation, buildOpenApiDocument, notJwtRoutes } from "./build-openapi-document";
import { GATEWAY_IN_PATH } from "./request-examples";

const limits = { maxAmountCents: 10_000_000n };
const baseUrl = "https://cashier.example.com";
const document = buildOpenApiDocument(limits, baseUrl);
const decoded = buildDecodedOpenApiDocument(limits, baseUrl);
const post = (route: string) => (document.paths[route] as { post: JwtOperation }).post;
const jwtPaths = (paths: Record<string, object>) => Object.keys(paths).filter((path) => path !== GATEWAY_IN_PATH);
const resolve = (reference: { $ref: string }) =>
  document.components.schemas[reference.$ref.replace("#/components/schemas/", "")] as Record<string, unknown>;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(directory, file));
}

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
  it.each([
    ["signed", document],
    ["decoded", decoded],
  ])("validates as OpenAPI 3.1 (%s)", async (_, built) => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(built));
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
    expect(jwtPaths(document.paths).sort()).toEqual(expected);
    for (const route of notJwtRoutes) expect(document.info.description).toContain(route);
  });

  it("gives each operation its request data and response data from the schemas", () => {
    for (const route of jwtPaths(document.paths)) {
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
    for (const route of jwtPaths(document.paths)) {
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
    expect(document.components.schemas.ErrorCode).toMatchObject({ enum: answeredErrorCodes });
    expect(answeredErrorCodes).not.toContain("body_incomplete");
    expect(Object.keys(document.webhooks).sort()).toEqual([...callbackTypeSchema.options, "test"].sort());
    const paid = document.components.schemas["Callback_deposit_paid"] as { properties: Record<string, unknown> };
    expect(Object.keys(paid.properties)).toEqual(
      expect.arrayContaining(["event_id", "type", "occurred_at", "id", "reference", "amount", "status"]),
    );
  });

  it("describes Gateway In's GET with its token's data", () => {
    const gatewayIn = (document.paths[GATEWAY_IN_PATH] as { get: { parameters: Record<string, unknown>[] } }).get;
    expect(gatewayIn).toMatchObject({ operationId: "gatewayIn", responses: { "303": {}, "4XX": {} } });
    expect(gatewayIn.parameters.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ["keyId", "path"],
      ["token", "path"],
    ]);
    expect(gatewayIn.parameters[1]).toMatchObject({
      schema: { type: "string" },
      "x-data": { $ref: "#/components/schemas/GatewayInData" },
    });
    const data = resolve({ $ref: "#/components/schemas/GatewayInData" }) as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(data.required).toEqual(
      expect.arrayContaining(["name", "email", "cpf", "reference", "merchant_user", "country"]),
    );
    expect(data.required).not.toContain("amount");
    expect(data.properties.paymentMethod.enum).not.toContain("nubank");
    for (const field of Object.keys(data.properties)) expect(data.properties[field].description, field).toBeTruthy();
  });

  it("documents buyer_ip so that every address the gateway accepts validates", () => {
    // The addresses the tests send (test/, e2e/), and addresses of every IPv4 and IPv6 form.
    const sources = [...sourceFiles("test"), ...sourceFiles("e2e")].map((file) => readFileSync(file, "utf8"));
    const sent = sources.flatMap((source) =>
      [...source.matchAll(/buyer_ip"?\s*[:,]\s*"([^"]*)"/g)].map((match) => match[1]),
    );
    expect(sent).toContain("::ffff:203.0.113.7");
    const generated = fc.sample(
      fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.ipV4().map((ip) => `::ffff:${ip}`),
      ),
      {
        numRuns: 500,
        seed: 26,
      },
    );
    const accepted = [...new Set([...sent, ...generated, "::", "::1", "fe80::1", "64:ff9b::192.0.2.33"])].filter(
      (address) => buyerIpSchema.safeParse(address).success,
    );
    expect(accepted.length).toBeGreaterThan(400);
    for (const built of [document, decoded]) {
      const validate = createSchemaValidator(built);
      const buyerIp = pointerOf("components", "schemas", "PixRequest", "properties", "buyer_ip");
      expect(accepted.filter((address) => validate(buyerIp, address).length > 0)).toEqual([]);
      expect(validate(buyerIp, "999.1.1.1")).not.toEqual([]);
      expect(validate(buyerIp, "localhost")).not.toEqual([]);
    }
  });

  it("shows ids only in the formats the gateway issues", () => {
    const issued = new Set(
      sourceFiles("lib").flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\bnewId\("([a-z]+)"\)/g)].map((match) => match[1]),
      ),
    );
    /** Every string inside an `examples` or `example` of the document. */
    const exampleTexts = (value: unknown, isExample = false): string[] => {
      if (typeof value === "string") return isExample ? [value] : [];
      if (typeof value !== "object" || value === null) return [];
      return Object.entries(value).flatMap(([key, inner]) =>
        exampleTexts(inner, isExample || key === "examples" || key === "example"),
      );
    };
    // What reads as an id: a short lowercase prefix, an underscore and letters with a digit.
    const idsIn = (texts: string[]) =>
      texts.flatMap((text) =>
        [...text.matchAll(/\b([a-z]{2,4})_([0-9A-Za-z]{8,})\b/g)]
          .filter((match) => /\d/.test(match[2]))
          .map((match) => ({ id: match[0], prefix: match[1] })),
      );
    const shown = [
      ...idsIn(exampleTexts(document)),
      ...idsIn(exampleTexts(decoded)),
      ...idsIn([readFileSync("docs/api.md", "utf8"), readFileSync("README.md", "utf8")]),
    ];
    expect(new Set(shown.map(({ prefix }) => prefix))).toEqual(new Set(["dep", "po", "rfd", "evt", "dsp"]));
    expect(shown.filter(({ id, prefix }) => !issued.has(prefix) || !isIdOf(prefix, id))).toEqual([]);
  });

  it("names this gateway's address as its server", () => {
    expect(document.servers).toEqual([{ url: baseUrl, description: "This gateway" }]);
    expect(decoded.servers).toEqual(document.servers);
  });

  it("is served at GET /openapi.json and its decoded companion at GET /openapi.decoded.json", async () => {
    for (const [route, served] of [
      [GET, "/openapi.json"],
      [getDecoded, "/openapi.decoded.json"],
    ] as const) {
      const response = route();
      expect(response.status, served).toBe(200);
      const body = (await response.json()) as { openapi: string; servers: { url: string }[] };
      expect(body.openapi).toBe("3.1.0");
      expect(body.servers).toEqual([{ url: "http://localhost:3000", description: "This gateway" }]);
    }
  });
});

describe("the decoded document", () => {
  it("has the signed document's operations, callbacks and schemas, each body as its data", () => {
    expect(Object.keys(decoded.paths)).toEqual(Object.keys(document.paths));
    expect(Object.keys(decoded.webhooks)).toEqual(Object.keys(document.webhooks));
    const { SignedToken, ...dataSchemas } = document.components.schemas;
    expect(SignedToken).toBeDefined();
    expect(decoded.components.schemas).toEqual(dataSchemas);
    for (const route of jwtPaths(document.paths)) {
      const signed = post(route);
      const plain = (decoded.paths[route] as { post: JwtOperation<Record<never, never>> }).post;
      expect(plain.operationId).toBe(signed.operationId);
      expect(plain.requestBody.content).toEqual({ "application/json": { schema: signed.requestBody["x-data"] } });
      expect(Object.keys(plain.responses)).toEqual(Object.keys(signed.responses));
      for (const [status, answer] of Object.entries(signed.responses)) {
        expect(plain.responses[status].content["application/json"], `${route} ${status}`).toEqual({
          schema: answer["x-data"],
        });
        expect(plain.responses[status].content["application/problem+json"]).toEqual(
          answer.content["application/problem+json"],
        );
      }
    }
    for (const [type, { post: callback }] of Object.entries(document.webhooks))
      expect(decoded.webhooks[type].post.requestBody.content, type).toEqual({
        "application/json": { schema: callback.requestBody["x-data"] },
      });
    const token = (decoded.paths[GATEWAY_IN_PATH] as { get: { parameters: Record<string, unknown>[] } }).get
      .parameters[1];
    expect(token.schema).toEqual({ $ref: "#/components/schemas/GatewayInData" });
    expect(token).not.toHaveProperty("x-data");
    expect(JSON.stringify(decoded)).not.toContain("x-data");
  });

  it("says in both documents what the decoded one is, and that the wire is still {jwt}", () => {
    expect(document.info.description).toContain("GET /openapi.decoded.json");
    expect(decoded.info.description).toContain("decoded companion of GET /openapi.json");
    expect(decoded.info.description).toMatch(/every body on the wire is \{"jwt": "<compact JWS>"\}/);
  });
});

describe("/docs/errors", () => {
  it("is a page with an anchor for each code, where every problem's type leads", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { default: DocsErrorsPage } = await import("@/app/docs/errors/page");
    const html = renderToStaticMarkup(DocsErrorsPage());
    for (const code of answeredErrorCodes) {
      const type = new URL(problemTypeOf(code), "https://cashier.example.com");
      expect(existsSync(`app${type.pathname}/page.tsx`), type.pathname).toBe(true);
      expect(type.hash).toBe(`#${code}`);
      expect(html).toContain(`id="${code}"`);
    }
  });
});

describe("/docs", () => {
  it("renders every operation's and callback's fields from the document", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { default: DocsPage } = await import("@/app/docs/page");
    const html = renderToStaticMarkup(DocsPage());
    for (const route of jwtPaths(document.paths)) {
      expect(html).toContain(`POST ${route}`);
      const fields = resolve(post(route).requestBody["x-data"]).properties as Record<string, unknown>;
      for (const field of Object.keys(fields)) expect(html, `${route} ${field}`).toContain(`>${field}<`);
    }
    expect(html).toContain(`GET ${GATEWAY_IN_PATH}`);
    for (const field of ["name", "return_url", "paymentMethod"]) expect(html).toContain(`>${field}<`);
    expect(html).toContain('href="/openapi.decoded.json"');
  });

  it("states the Referrer-Policy the gateway sends", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { default: DocsPage } = await import("@/app/docs/page");
    const html = renderToStaticMarkup(DocsPage());
    const sent = securityHeaders({ kind: "api", nonce: "n", isProduction: true })["referrer-policy"];
    expect(sent).toBe("same-origin");
    expect([...html.matchAll(/Referrer-Policy: ([\w-]+)/g)].map((match) => match[1])).toEqual([sent]);
    for (const type of Object.keys(document.webhooks)) expect(html).toContain(`>${type}<`);
    expect(html).toContain(">qrCodeText<");
    // A list's rows and their own lists are documented field by field.
    expect(html).toContain(">transactions[].status<");
    expect(html).toContain(">events[].attempts[].http_status<");
  });
});
