// The clients' types, generated from the decoded OpenAPI document the gateway serves at
// GET /openapi.decoded.json: TypeScript by openapi-typescript for clients/node, TypedDicts for
// clients/python (python-types.ts). `npm run clients:types` writes them into the packages, which
// build without the gateway; client-types.test.ts fails when they are not what the schemas give.
// Answers are typed as the clients hand them over, every amount a "10.50" string.
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { buildDecodedOpenApiDocument } from "../lib/openapi/build-decoded-openapi-document";
import { type DecodedDocument, toPythonTypes } from "./python-types";

const root = path.resolve(import.meta.dirname, "..");

const header = (comment: string) =>
  `${comment} Generated from the gateway's decoded OpenAPI document (GET /openapi.decoded.json) by\n` +
  `${comment} \`npm run clients:types\`; do not edit. scripts/client-types.test.ts fails when it is stale.\n`;

/**
 * The answer and callback fields that hold an amount. The API answers them in three forms (Pix a
 * JSON number, Payment Initiation "10,50", the rest "10.50"); the Node and Python clients hand
 * every one over as "10.50", converting the fields of this list, which the generated files carry,
 * so that their types and their conversion cannot disagree. clients/php's Amounts::FIELDS is the same.
 */
const amountFields = ["amount", "held", "available", "reserved", "pending"];

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Body = { content?: Record<string, { schema: JsonSchema }> };
type Document = {
  paths: Record<string, { post?: { requestBody?: Body; responses: Record<string, Body> } }>;
  webhooks: Record<string, { post: { requestBody: Body } }>;
  components: { schemas: Record<string, JsonSchema> };
};

/** The schemas inside a schema but its properties': its items, its extra properties' and its variants. */
const nestedIn = (schema: JsonSchema) => [
  schema.items,
  schema.additionalProperties,
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
  ...(schema.allOf ?? []),
];

const schemasOf = (body: Body | undefined) => Object.values(body?.content ?? {}).map(({ schema }) => schema);

/** The components a schema names, directly or through the components it names. */
function componentsReached(document: Document, roots: JsonSchema[]): Set<string> {
  const reached = new Set<string>();
  const visit = (schema: JsonSchema | boolean | undefined): void => {
    if (typeof schema !== "object") return;
    if (schema.$ref) {
      const name = schema.$ref.replace("#/components/schemas/", "");
      if (reached.has(name)) return;
      reached.add(name);
      visit(document.components.schemas[name]);
    }
    [...Object.values(schema.properties ?? {}), ...nestedIn(schema)].forEach(visit);
  };
  roots.forEach(visit);
  return reached;
}

const isDecimalPoint = (example: unknown) => typeof example === "string" && /^\d+\.\d{2}$/.test(example);

/** Each amount field of the schema, wherever it sits in it, as the clients hand it over. */
function typeAmountsAsClientsHandThem(schema: JsonSchema | boolean | undefined): void {
  if (typeof schema !== "object") return;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (!amountFields.includes(key)) typeAmountsAsClientsHandThem(property);
    else if (property.type === "number" || (property.type === "string" && !isDecimalPoint(property.examples?.[0])))
      schema.properties![key] = {
        type: "string",
        description: `${property.description ?? "In reais"}; the client hands it over as "10.50"`,
        examples: ["10.50"],
      };
    else if (property.type !== "string")
      throw new Error(`${key} is named as an amount but is ${JSON.stringify(property)}`);
  }
  nestedIn(schema).forEach(typeAmountsAsClientsHandThem);
}

/** The document with its answers and callbacks as the clients hand them over; its requests as they are. */
function asClientsHandIt(decoded: Record<string, unknown>): Document {
  const document = structuredClone(decoded) as unknown as Document;
  const operations = Object.values(document.paths).flatMap(({ post }) => (post ? [post] : []));
  const answers = [
    ...operations.flatMap((operation) => Object.values(operation.responses).flatMap(schemasOf)),
    ...Object.values(document.webhooks).flatMap((webhook) => schemasOf(webhook.post.requestBody)),
  ];
  const requested = componentsReached(
    document,
    operations.flatMap((operation) => schemasOf(operation.requestBody)),
  );
  for (const name of componentsReached(document, answers)) {
    if (requested.has(name))
      throw new Error(`${name} is both a request's and an answer's: its amounts cannot be typed apart`);
    typeAmountsAsClientsHandThem(document.components.schemas[name]);
  }
  answers.forEach(typeAmountsAsClientsHandThem);
  return document;
}

/** Each generated file's path and content. */
export async function generateClientTypes(): Promise<Record<string, string>> {
  // The default CASHIER_MAX_AMOUNT, which only the amount's description mentions; the address
  // appears in no type.
  const document = asClientsHandIt(
    buildDecodedOpenApiDocument({ maxAmountCents: 10_000_000n }, "http://localhost:3000"),
  );
  // Both read the document as JSON Schema, which its builder types loosely (Record<string, unknown>).
  const ast = await openapiTS(structuredClone(document) as unknown as OpenAPI3);
  const fields = JSON.stringify(amountFields).replaceAll(",", ", ");
  return {
    [path.join(root, "clients/node/src/api-types.ts")]:
      header("//") +
      astToString(ast) +
      `/** The fields of an answer or a callback that hold an amount, wherever they sit: the client hands each over as "10.50". */\n` +
      `export const amountFields = ${fields} as const;\n`,
    [path.join(root, "clients/python/src/cashier_client/api_types.py")]:
      header("#") +
      toPythonTypes(document as unknown as DecodedDocument) +
      `\n\n# The fields of an answer or a callback that hold an amount, wherever they sit: the client hands each over as "10.50".\n` +
      `AMOUNT_FIELDS = frozenset(${fields.replace("[", "{").replace("]", "}")})\n`,
  };
}
