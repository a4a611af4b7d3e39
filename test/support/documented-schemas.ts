// Every answer and callback the integration suite sees, checked against the decoded OpenAPI
// document (/openapi.decoded.json) as a merchant's validating client would check it: an answer's
// data against its operation's documented answer for that status, a refusal against ErrorData or
// Problem, a callback's data against its type's webhook. A schema that forbids what the gateway
// sends is a violation, and setup-integration.ts fails the test that saw it.
import { decodeJwt } from "jose";
import { getDecodedOpenApiDocument } from "@/lib/openapi/build-decoded-openapi-document";
import { createSchemaValidator, pointerOf } from "./json-schema";
import { recordSchemaCounts } from "./schema-counts";

type Handler = (request: Request) => Promise<Response>;

const counts = { answers: 0, callbacks: 0 };
const violations: string[] = [];
let validate: ReturnType<typeof createSchemaValidator> | undefined;
let operationPaths: Map<Handler, string> | undefined;

function check(what: string, pointer: string, value: unknown): void {
  // Built when first needed: the document reads the configuration, which a test file sets first.
  validate ??= createSchemaValidator(getDecodedOpenApiDocument());
  const errors = validate(pointer, value);
  if (!errors.length) return;
  // Long strings (a QR image) cut short: the violation is in the fields, not their length.
  const shown = JSON.stringify(value, (_, field: unknown) =>
    typeof field === "string" && field.length > 120 ? `${field.slice(0, 120)}…` : field,
  );
  violations.push(`${what} violates ${pointer}: ${errors.join("; ")}\n  ${shown}`);
}

/**
 * The documented path of each operation's handler, from the route modules the document's paths
 * name, loaded when first asked: a test file imports its routes after setting its environment.
 */
async function findOperationPath(handler: Handler): Promise<string | undefined> {
  if (!operationPaths) {
    const found = new Map<Handler, string>();
    for (const [operationPath, item] of Object.entries(getDecodedOpenApiDocument().paths)) {
      if (!("post" in item)) continue;
      const route = (await import(/* @vite-ignore */ `@/app${operationPath}/route`)) as { POST: Handler };
      found.set(route.POST, operationPath);
    }
    operationPaths = found;
  }
  return operationPaths.get(handler);
}

/** Checks an answer of the operation at `operationPath` against the decoded document, reading a clone. */
export async function checkAnswer(operationPath: string, response: Response): Promise<void> {
  const item = getDecodedOpenApiDocument().paths[operationPath];
  if (!item || !("post" in item)) return;
  const what = `POST ${operationPath} ${response.status}`;
  counts.answers++;
  const { responses } = item.post;
  const status = [String(response.status), `${String(response.status)[0]}XX`].find((key) => key in responses);
  if (!status) {
    violations.push(`${what}: the status is not documented (${Object.keys(responses).join(", ")})`);
    return;
  }
  const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!(mediaType in responses[status].content)) {
    violations.push(`${what}: ${mediaType || "no content type"} is not documented for ${status}`);
    return;
  }
  const pointer = pointerOf("paths", operationPath, "post", "responses", status, "content", mediaType, "schema");
  const body = (await response.clone().json()) as Record<string, unknown>;
  if (mediaType === "application/problem+json") return check(what, pointer, body);
  if (typeof body.jwt !== "string") {
    violations.push(`${what}: a JSON answer without its jwt: ${JSON.stringify(body)}`);
    return;
  }
  check(what, pointer, decodeJwt(body.jwt).data);
}

/** checkAnswer for an answer of `handler`, when it is an operation's route handler. */
export async function checkHandlerAnswer(handler: Handler, response: Response): Promise<void> {
  const operationPath = await findOperationPath(handler);
  if (operationPath) await checkAnswer(operationPath, response);
}

/** Checks a callback's data claim against the webhook of its type. */
export function checkCallback(data: Record<string, unknown>): void {
  const type = String(data.type);
  counts.callbacks++;
  if (!(type in getDecodedOpenApiDocument().webhooks)) {
    violations.push(`callback of type ${type}: no such webhook`);
    return;
  }
  check(
    `callback ${type}`,
    pointerOf("webhooks", type, "post", "requestBody", "content", "application/json", "schema"),
    data,
  );
}

/** The violations seen since the last call. */
export function takeViolations(): string[] {
  return violations.splice(0);
}

/** Leaves this file's counts for `npm test`'s summary. */
export function recordCounts(): void {
  if (counts.answers + counts.callbacks > 0) recordSchemaCounts(counts);
}
