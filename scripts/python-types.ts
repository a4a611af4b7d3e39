// The Python client's types from the decoded OpenAPI document: each schema a TypedDict (a nested
// object one of its own, named after where it sits), each creating operation's answer with the
// client's `replayed`, and the union of every callback's data. Only what the document's schemas
// use is translated; anything else stops the generation instead of being typed loosely.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  description?: string;
};
type Body = { content: Record<string, { schema: Schema }> };
export type DecodedDocument = {
  paths: Record<string, { post?: { responses: Record<string, Partial<Body>> } }>;
  webhooks: Record<string, { post: { requestBody: Body } }>;
  components: { schemas: Record<string, Schema> };
};

const pythonKeywords = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

const refName = (ref: string) => ref.replace("#/components/schemas/", "");
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function literal(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  throw new Error(`no Python literal for ${JSON.stringify(value)}`);
}

export function toPythonTypes(document: DecodedDocument): string {
  const { schemas } = document.components;
  const blocks: string[] = [];
  const done = new Set<string>();

  /** A component's Python name, written (after what it uses) the first time it is asked for. */
  function component(name: string): string {
    const pythonName = pascal(name);
    if (!done.has(name)) {
      done.add(name);
      const schema = schemas[name];
      if (schema === undefined) throw new Error(`no schema ${name}`);
      if (schema.properties) objectType(pythonName, schema);
      else blocks.push(`${pythonName} = ${typeOf(schema, pythonName)}`);
    }
    return pythonName;
  }

  function objectType(name: string, schema: Schema): string {
    const fields = Object.entries(schema.properties ?? {}).map(([key, property]) => {
      const type = typeOf(property, name + pascal(key));
      return {
        key,
        type: schema.required?.includes(key) ? type : `NotRequired[${type}]`,
        comment: property.description ? `    # ${oneLine(property.description)}\n` : "",
      };
    });
    // A key that is no Python name (`from`) takes TypedDict's functional form, which has no docstring.
    if (fields.some(({ key }) => !/^[A-Za-z_]\w*$/.test(key) || pythonKeywords.has(key))) {
      const lines = fields.map(({ key, type, comment }) => `${comment}    ${JSON.stringify(key)}: ${type},`);
      const comment = schema.description ? `# ${oneLine(schema.description)}\n` : "";
      blocks.push(`${comment}${name} = TypedDict("${name}", {\n${lines.join("\n")}\n})`);
    } else {
      const lines = fields.map(({ key, type, comment }) => `${comment}    ${key}: ${type}`);
      const docstring = schema.description ? `    """${oneLine(schema.description)}"""\n` : "";
      blocks.push(`class ${name}(TypedDict):\n${docstring}${lines.join("\n") || (docstring ? "" : "    pass")}`);
    }
    return name;
  }

  function typeOf(schema: Schema, name: string): string {
    if (schema.$ref) return component(refName(schema.$ref));
    if (schema.const !== undefined) return `Literal[${literal(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map(literal).join(", ")}]`;
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return union(options.map((option, index) => typeOf(option, `${name}Variant${index + 1}`)));
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return "Any";
    return union(
      types.map((type) => {
        switch (type) {
          case "string":
            return "str";
          case "number":
            return "float";
          case "integer":
            return "int";
          case "boolean":
            return "bool";
          case "null":
            return "None";
          case "array":
            return `list[${schema.items ? typeOf(schema.items, `${name}Item`) : "Any"}]`;
          case "object":
            return schema.properties ? objectType(name, schema) : "dict[str, Any]";
          default:
            throw new Error(`no Python type for ${type}`);
        }
      }),
    );
  }

  const union = (types: string[]) => [...new Set(types)].join(" | ");

  for (const name of Object.keys(schemas)) component(name);

  // The client adds `replayed` to the answer of each operation that creates (201, or 200 on a replay).
  for (const path of Object.values(document.paths)) {
    const created = path.post?.responses["201"]?.content?.["application/json"]?.schema.$ref;
    if (!created) continue;
    const answer = component(refName(created));
    blocks.push(
      `class ${answer.replace(/Response$/, "")}Created(${answer}):\n` +
        `    # True when the request repeated an earlier one: nothing was created, the original answer (HTTP 200, not 201)\n` +
        `    replayed: bool`,
    );
  }
  const callbacks = Object.values(document.webhooks).map((webhook) =>
    typeOf(webhook.post.requestBody.content["application/json"].schema, "Callback"),
  );
  blocks.push(`# A verified callback's data, told apart by its type\nCallbackData = ${union(callbacks)}`);

  return ["from typing import Any, Literal, NotRequired, TypedDict", ...blocks].join("\n\n\n") + "\n";
}
