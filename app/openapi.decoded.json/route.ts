import { getDecodedOpenApiDocument } from "@/lib/openapi/build-decoded-openapi-document";

// GET /openapi.decoded.json - the same API with each body as its token's data, for code generators
export function GET() {
  return Response.json(getDecodedOpenApiDocument());
}
