// The rows of a field table on /docs, read from the OpenAPI document so that a field added to a
// schema appears there without a second edit.
import type { JsonSchema, OpenApiDocument } from "./build-openapi-document";

export type FieldRow = { name: string; type: string; isRequired: boolean; description: string; example: string };

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (Array.isArray(schema.anyOf)) return [...new Set((schema.anyOf as JsonSchema[]).map(typeOf))].join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return typeof schema.type === "string" ? schema.type : "any";
}

function findSchema(document: OpenApiDocument, reference: { $ref: string }): JsonSchema {
  return document.components.schemas[reference.$ref.replace("#/components/schemas/", "")];
}

/** The schema's examples as the JSON a merchant sends: the same ones the docs-examples test posts. */
export function schemaExamples(document: OpenApiDocument, reference: { $ref: string }): string[] {
  return ((findSchema(document, reference).examples as unknown[] | undefined) ?? []).map((example) =>
    JSON.stringify(example, null, 2),
  );
}

/** The fields of the schema `reference` names (`#/components/schemas/…`); a union's branches are merged. */
export function schemaFields(document: OpenApiDocument, reference: { $ref: string }): FieldRow[] {
  const schema = findSchema(document, reference);
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  const rows = new Map<string, FieldRow>();
  for (const branch of branches) {
    const required = new Set((branch.required as string[] | undefined) ?? []);
    for (const [name, field] of Object.entries((branch.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (rows.has(name)) continue;
      const examples = field.examples as unknown[] | undefined;
      rows.set(name, {
        name,
        type: typeOf(field),
        isRequired: required.has(name) && branches.length === 1,
        description: (field.description as string | undefined) ?? "",
        example: examples?.length ? JSON.stringify(examples[0]) : "",
      });
    }
  }
  return [...rows.values()];
}
