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

/**
 * The rows of an object's fields; a list of objects (a page's rows, an event's attempts) adds a row
 * for each field of its items, named `list[].field`, so a nested answer is documented in full.
 */
function fieldRows(schema: JsonSchema, prefix: string, isParentRequired: boolean): FieldRow[] {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  const rows = new Map<string, FieldRow>();
  for (const branch of branches) {
    const required = new Set((branch.required as string[] | undefined) ?? []);
    for (const [key, field] of Object.entries((branch.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const name = `${prefix}${key}`;
      if (rows.has(name)) continue;
      const examples = field.examples as unknown[] | undefined;
      const isRequired = isParentRequired && required.has(key) && branches.length === 1;
      rows.set(name, {
        name,
        type: typeOf(field),
        isRequired,
        description: (field.description as string | undefined) ?? "",
        example: examples?.length ? JSON.stringify(examples[0]) : "",
      });
      const items = field.items as JsonSchema | undefined;
      if (field.type === "array" && items?.properties)
        for (const row of fieldRows(items, `${name}[].`, isRequired)) rows.set(row.name, row);
    }
  }
  return [...rows.values()];
}

/** The fields of the schema `reference` names (`#/components/schemas/…`); a union's branches are merged. */
export function schemaFields(document: OpenApiDocument, reference: { $ref: string }): FieldRow[] {
  return fieldRows(findSchema(document, reference), "", true);
}
