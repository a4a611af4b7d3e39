// Where the Central Bank's API Pix OpenAPI document is expected, apart from the contract checker
// so that npm test's summary can name it without loading a validator.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The document beside the repository (the shared folder CI checks out); absent in a bare clone. */
export const OPENAPI_FILE = fileURLToPath(new URL("../../../shared/spec/bcb-pix-api/openapi.yaml", import.meta.url));

/** Set by .ci/run, which has the document: there a missing one fails instead of skipping. */
export const REQUIRE_OPENAPI_VARIABLE = "CASHIER_REQUIRE_API_PIX_SPEC";

/**
 * Whether the contract tests can run. On a fresh clone without the document they are skipped
 * (npm test's summary says so and where the document goes); where it is required, its absence
 * fails the test file instead of hiding behind a skip.
 */
export function hasOpenApiDocument(): boolean {
  if (existsSync(OPENAPI_FILE)) return true;
  if (process.env[REQUIRE_OPENAPI_VARIABLE] === "1") {
    throw new Error(`${REQUIRE_OPENAPI_VARIABLE}=1 but the API Pix OpenAPI document is not at ${OPENAPI_FILE}`);
  }
  return false;
}
