// Checks API Pix exchanges (what the adapter sent, what the simulator answered, what the
// simulator's webhook POSTed) against the Central Bank's OpenAPI document with openapi-backend,
// so neither side can drift from the standard while agreeing with each other.
import { existsSync, readFileSync } from "node:fs";
import addFormats from "ajv-formats";
import { type Document, OpenAPIBackend, ValidationContext } from "openapi-backend";
import { parse } from "yaml";
import { OPENAPI_FILE } from "./openapi-file";
import type { Exchange } from "./start-psp-simulator";

export type OpenApiContract = {
  /** What is wrong with one exchange, in words; empty when it follows the document. */
  check(exchange: Exchange): string[];
  /** What is wrong with one webhook notification body ({webhookUrl}/pix, WebhookPixBody). */
  checkNotification(body: unknown): string[];
};

type Json = Record<string, unknown>;

/**
 * Release 2.9.0's known defects, fixed in memory so that a correct exchange is not reported:
 * - CPF patterns are written as JavaScript literals ("/^\d{11}$/"): as a pattern the slashes are
 *   characters, so no CPF could ever match;
 * - PixConsultados (GET /pix) requires "cobs", copied from the charge list: a Pix list has "pix".
 */
function fixKnownDefects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(fixKnownDefects);
  if (!node || typeof node !== "object") return;
  const object = node as Json;
  if (typeof object.pattern === "string" && /^\/.*\/$/.test(object.pattern))
    object.pattern = object.pattern.slice(1, -1);
  Object.values(object).forEach(fixKnownDefects);
}

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

export async function loadOpenApiContract(file: string = OPENAPI_FILE): Promise<OpenApiContract | null> {
  if (!existsSync(file)) return null;
  const document = parse(readFileSync(file, "utf8")) as {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, Json> };
  };
  fixKnownDefects(document);
  const pixList = document.components.schemas.PixConsultados;
  pixList.required = (pixList.required as string[]).filter((name) => name !== "cobs");
  // The document names no operations; the validator finds them by id.
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) if (item[method]) item[method].operationId = `${method.toUpperCase()} ${path}`;
  }
  // openapi-backend checks only application/json answers; the API Pix's refusals are
  // application/problem+json, checked by the same schema under the name it reads.
  const responses = [
    ...Object.values(document.paths).flatMap((item) =>
      METHODS.flatMap((method) => Object.values((item[method]?.responses ?? {}) as Record<string, Json>)),
    ),
    ...Object.values((document.components as Json).responses as Record<string, Json>),
  ];
  for (const response of responses) {
    const content = response.content as Record<string, unknown> | undefined;
    if (content?.["application/problem+json"] && !content["application/json"])
      content["application/json"] = content["application/problem+json"];
  }

  const api = new OpenAPIBackend({
    definition: document as unknown as Document,
    apiRoot: "/",
    quick: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (ajv) => {
      addFormats(ajv, ["date-time", "date"]);
      // A payload location is written without a scheme ("pix.example.com/qr/v2/…"), as the BR
      // Code carries it and as the document's own examples show; webhook URLs carry one.
      ajv.addFormat("uri", /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^\s/]+(?:\/\S*)?$/i);
      return ajv;
    },
  });
  await api.init();

  const callback = (api.definition.paths?.["/webhook/{chave}"] as unknown as Json).put as Json;
  const notification = (((callback.callbacks as Json).listaPix as Json)["{$request.body#/webhookUrl}/pix"] as Json)
    .post as Json;
  const notificationSchema = (((notification.requestBody as Json).content as Json)["application/json"] as Json)
    .schema as Json;
  const validateNotification = api.validator.getAjv(ValidationContext.RequestBody).compile(notificationSchema);

  const describe = (errors: { instancePath?: string; message?: string }[] | null | undefined) =>
    (errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`.trim());

  return {
    check(exchange) {
      const name = `${exchange.method} ${exchange.path}`;
      const request = {
        method: exchange.method.toLowerCase(),
        path: exchange.path,
        query: exchange.query,
        headers: { "content-type": "application/json" },
        body: exchange.body,
      };
      const operation = api.router.matchOperation(request);
      if (!operation) return [`${name}: not an operation of the API Pix`];
      const problems = describe(api.validator.validateRequest(request, operation).errors).map(
        (error) => `${name} request: ${error}`,
      );
      // Authentication (OAuth over mutual TLS) is outside the document, and so is its 401.
      if (exchange.status === null || exchange.status === 401) return problems;
      const listed = Object.keys(operation.responses ?? {});
      if (!listed.includes(String(exchange.status))) {
        return [
          ...problems,
          `${name}: answered ${exchange.status}, which the document does not list (${listed.join(", ")})`,
        ];
      }
      const answer = api.validator.validateResponse(exchange.response, operation, exchange.status);
      return [...problems, ...describe(answer.errors).map((error) => `${name} ${exchange.status} response: ${error}`)];
    },
    checkNotification(body) {
      return validateNotification(body)
        ? []
        : describe(validateNotification.errors).map((error) => `webhook notification: ${error}`);
    },
  };
}
