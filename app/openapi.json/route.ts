import { getOpenApiDocument } from "@/lib/openapi/build-openapi-document";

// GET /openapi.json - the OpenAPI 3.1 document of the JWT API, built from the operations' schemas
export function GET() {
  return Response.json(getOpenApiDocument());
}
