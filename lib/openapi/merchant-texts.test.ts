// What a merchant's developer reads is held to what the gateway does: the README, the API guide,
// /docs, /docs/errors, both OpenAPI documents, and every text the code can show or answer (error
// details, field descriptions, pages). None refers to documents a merchant never sees, none
// names an error code no client can receive, and every code they list is raised somewhere.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { answeredErrorCodes, errorCodes } from "../errors/app-error";
import { buildDecodedOpenApiDocument } from "./build-decoded-openapi-document";
import { buildOpenApiDocument } from "./build-openapi-document";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Every string literal, template text and JSX text of the code under `folders`, by file; comments left out. */
function codeTexts(...entries: string[]): { file: string; text: string }[] {
  const files = entries.flatMap((entry) =>
    /\.tsx?$/.test(entry)
      ? [entry]
      : readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" })
          .map((file) => path.posix.join(entry, file.split(path.sep).join("/")))
          .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/generated/")),
  );
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    const texts: { file: string; text: string }[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
        texts.push({ file, text: node.text });
      ts.forEachChild(node, visit);
    };
    visit(source);
    return texts;
  });
}

async function merchantDocuments(): Promise<Record<string, string>> {
  const { renderToStaticMarkup } = await import("react-dom/server");
  const { default: DocsPage } = await import("@/app/docs/page");
  const { default: DocsErrorsPage } = await import("@/app/docs/errors/page");
  const limits = { maxAmountCents: 10_000_000n };
  return {
    "README.md": read("README.md"),
    "docs/api.md": read("docs/api.md"),
    "/docs": renderToStaticMarkup(DocsPage()),
    "/docs/errors": renderToStaticMarkup(DocsErrorsPage()),
    "/openapi.json": JSON.stringify(buildOpenApiDocument(limits, "https://cashier.example.com")),
    "/openapi.decoded.json": JSON.stringify(buildDecodedOpenApiDocument(limits, "https://cashier.example.com")),
  };
}

const code = codeTexts("app", "components", "lib", "clients", "proxy.ts");

describe("what merchants read", () => {
  it("refers to no section, rule or table of documents a merchant never sees", async () => {
    const unseen = /contract sections?|\brules? \d|\bthe spec\b|\bspec's\b/i;
    const documents = Object.entries(await merchantDocuments()).map(([file, text]) => ({ file, text }));
    const found = [...documents, ...code]
      .filter(({ text }) => unseen.test(text))
      .map(({ file, text }) => `${file}: …${text.match(unseen)![0]}…`);
    expect(found).toEqual([]);
    // The guide links the decisions, which may speak of the spec but not by its numbers.
    expect(read("docs/decisions.md")).not.toMatch(/contract sections?|\brules? \d/i);
  });

  it("names no error code a client cannot receive, and lists every one it can", async () => {
    const unanswered = Object.keys(errorCodes).filter((name) => !answeredErrorCodes.includes(name as never));
    expect(unanswered).toEqual(["body_incomplete"]);
    for (const [file, text] of Object.entries(await merchantDocuments()))
      for (const name of unanswered) expect(text, file).not.toContain(name);
    const { "/docs/errors": list } = await merchantDocuments();
    for (const name of answeredErrorCodes) expect(list).toContain(`id="${name}"`);
  });

  it("lists only codes the code raises", () => {
    const raised = new Set(code.filter(({ file }) => file !== "lib/errors/app-error.ts").map(({ text }) => text));
    expect(answeredErrorCodes.filter((name) => !raised.has(name))).toEqual([]);
  });
});
