// The clients' types, generated from the decoded OpenAPI document the gateway serves at
// GET /openapi.decoded.json: TypeScript by openapi-typescript for clients/node, TypedDicts for
// clients/python (python-types.ts). `npm run clients:types` writes them into the packages, which
// build without the gateway; client-types.test.ts fails when they are not what the schemas give.
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { buildDecodedOpenApiDocument } from "../lib/openapi/build-decoded-openapi-document";
import { type DecodedDocument, toPythonTypes } from "./python-types";

const root = path.resolve(import.meta.dirname, "..");

const header = (comment: string) =>
  `${comment} Generated from the gateway's decoded OpenAPI document (GET /openapi.decoded.json) by\n` +
  `${comment} \`npm run clients:types\`; do not edit. scripts/client-types.test.ts fails when it is stale.\n`;

/** Each generated file's path and content. */
export async function generateClientTypes(): Promise<Record<string, string>> {
  // The default CASHIER_MAX_AMOUNT, which only the amount's description mentions; the address
  // appears in no type.
  const document = buildDecodedOpenApiDocument({ maxAmountCents: 10_000_000n }, "http://localhost:3000");
  // Both read the document as JSON Schema, which its builder types loosely (Record<string, unknown>).
  const ast = await openapiTS(structuredClone(document) as unknown as OpenAPI3);
  return {
    [path.join(root, "clients/node/src/api-types.ts")]: header("//") + astToString(ast),
    [path.join(root, "clients/python/src/cashier_client/api_types.py")]:
      header("#") + toPythonTypes(document as unknown as DecodedDocument),
  };
}
