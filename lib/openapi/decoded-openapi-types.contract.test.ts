// openapi-typescript run on /openapi.decoded.json, as a merchant runs it, and a merchant's code
// typed by nothing but what it generates (test/openapi-sample/merchant-sample.ts): the sample
// type-checks, the mistakes it makes on purpose are reported, and it calls every operation the
// document has, so an operation added without its types reaching a generator fails here.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { buildDecodedOpenApiDocument } from "./build-decoded-openapi-document";

const SAMPLE = path.resolve(import.meta.dirname, "../../test/openapi-sample/merchant-sample.ts");
const document = buildDecodedOpenApiDocument({ maxAmountCents: 10_000_000n }, "https://cashier.example.com");

const operationIds = Object.values(document.paths).map((item) => ("post" in item ? item.post : item.get).operationId);

/** The operations the sample calls: call("pix", …), and operations["gatewayIn"] for the GET. */
function operationsCalled(source: string): string[] {
  const file = ts.createSourceFile("merchant-sample.ts", source, ts.ScriptTarget.Latest, true);
  const called = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "call" &&
      node.arguments.length > 0 &&
      ts.isStringLiteral(node.arguments[0])
    )
      called.add(node.arguments[0].text);
    if (
      ts.isIndexedAccessTypeNode(node) &&
      ts.isTypeReferenceNode(node.objectType) &&
      node.objectType.typeName.getText(file) === "operations" &&
      ts.isLiteralTypeNode(node.indexType) &&
      ts.isStringLiteral(node.indexType.literal)
    )
      called.add(node.indexType.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...called];
}

describe("types generated from /openapi.decoded.json", () => {
  it("type a merchant's code that calls every operation, reading its answer", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "cashier-openapi-types-"));
    try {
      const generated = astToString(await openapiTS(structuredClone(document) as never));
      writeFileSync(path.join(directory, "cashier-api.ts"), generated);
      copyFileSync(SAMPLE, path.join(directory, "merchant-sample.ts"));
      const program = ts.createProgram([path.join(directory, "merchant-sample.ts")], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts"],
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map(
          (diagnostic) =>
            `${path.basename(diagnostic.file?.fileName ?? "")}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
        );
      expect(problems).toEqual([]);
      // Real types, not any: each operation's request and answer is named in what was generated.
      for (const id of operationIds) expect(generated).toMatch(new RegExp(`\\b${id}: \\{`));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("are used for every operation of the document by the sample", () => {
    expect(operationIds.length).toBeGreaterThan(7);
    expect(operationsCalled(readFileSync(SAMPLE, "utf8")).sort()).toEqual([...operationIds].sort());
  });
});
