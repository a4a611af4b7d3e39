// The decoded companion of /openapi.json: the same operations, callbacks and schemas, with each
// body written as the data its token carries instead of the {jwt} that travels. Generators
// (openapi-typescript, openapi-generator) and validators ignore /openapi.json's `x-data`, so this
// is the document they read; the merchant still signs and verifies as /openapi.json says.
import type { Limits } from "../transactions/request-schemas";
import { type Encoding, buildApiDocument, forConfiguredServer } from "./build-openapi-document";

const decodedEncoding: Encoding<Record<never, never>> = {
  about:
    'This is the decoded companion of GET /openapi.json, for code generators (openapi-typescript and the like) and validators: each request body is the data claim of the request\'s token, each answer the data claim of the signed answer (ErrorData when refused; an unsigned Problem when the token itself fails), each webhook the data claim of the callback\'s token, and Gateway In\'s token parameter the data claim of that token. Nothing travels as written here: every body on the wire is {"jwt": "<compact JWS>"} whose data claim is what this document describes, signed and verified as above.',
  dataIsDescribedBy: "described by each request body and response of this document",
  schemas: {},
  body: (data) => ({ content: { "application/json": { schema: data } } }),
  requestAlternatives: {},
  tokenParameter: (data) => ({ schema: data }),
};

/** The decoded document for the given amount limit and address. */
export function buildDecodedOpenApiDocument(limits: Limits, publicBaseUrl: string) {
  return buildApiDocument(limits, publicBaseUrl, decodedEncoding);
}

export type DecodedOpenApiDocument = ReturnType<typeof buildDecodedOpenApiDocument>;

/** The decoded document for this server. */
export const getDecodedOpenApiDocument = forConfiguredServer(buildDecodedOpenApiDocument);
