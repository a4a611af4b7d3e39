// A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) over a whole OpenAPI document, so that a
// schema is named by its JSON pointer in the document and its $refs resolve as a generator's would.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const DOCUMENT = "document";

/** The JSON pointer of a value in a document, from its path's segments. */
export const pointerOf = (...segments: string[]) =>
  segments.map((segment) => `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** Validates values against the schemas of `document`, each named by its JSON pointer; answers what is wrong. */
export function createSchemaValidator(document: object): (pointer: string, value: unknown) => string[] {
  // strict: false, as an OpenAPI document holds what is no JSON Schema keyword (paths, examples…).
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(structuredClone(document), DOCUMENT);
  const validators = new Map<string, ValidateFunction>();
  return (pointer, value) => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT}#${pointer}` });
      validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
    );
  };
}
