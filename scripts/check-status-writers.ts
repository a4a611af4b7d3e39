// npm run lint's second half: changeStatus is the only writer of a status column, and this fails
// for any other. It runs beside ESLint rather than in the unit tests because building the
// checker's program over the whole tree takes seconds. It asks the
// TypeScript checker, not a text search, which object literals are Prisma write inputs of
// Transaction, Refund, PspReturn, Initiation or Dispute (a model's own call, an upsert's halves, a nested write
// through a relation) and whether their type carries `status` (written out or spread in). A
// create may write the initial status only: its status must be typed as that literal. Raw SQL
// that updates or inserts those tables' "status" is refused by its text. A fixture with every
// kind of sneaked write proves at every run that the check finds them.
import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { initialDisputeStatus, initialStatus } from "../lib/transactions/statuses";

const root = path.resolve(import.meta.dirname, "..");
const writer = path.join(root, "lib/db/change-status.ts");
const fixture = path.join(root, "lib/db/status-write-fixture.ts");

const fixtureText = `
import { initialStatus } from "../transactions/statuses";
import { getDb } from "./client";
const paid = { status: "paid" };
const pspReturn = { id: "a", endToEndId: "e", amountCents: 1n, provider: "p", requestedBy: "o" };
export async function sneak() {
  const db = getDb();
  await db.transaction.updateMany({ where: { id: "a" }, data: { status: "paid" } });
  await db.refund.update({ where: { id: "a" }, data: { ...paid } });
  await db.pspReturn.upsert({ where: { id: "a" }, create: { ...pspReturn, status: initialStatus }, update: { status: "failed" } });
  await db.merchant.update({ where: { id: "m" }, data: { transactions: { updateMany: { where: {}, data: { status: "paid" } } } } });
  await db.pspReturn.create({ data: { ...pspReturn, status: "completed" } });
  await db.$executeRaw\`UPDATE "Transaction" SET "status" = 'paid' WHERE "id" = 'a'\`;
  await db.pspReturn.create({ data: { ...pspReturn, status: initialStatus } });
  await db.transaction.updateMany({ where: { status: "pending" }, data: { reason: "not a status write" } });
}
`;

const writeInput = /^(Transaction|Refund|PspReturn|Initiation|Dispute)(Unchecked)?(Create|Update)\w*Input$/;
const rawStatusWrite = /\b(UPDATE|INSERT\s+INTO)\s+"(Transaction|Refund|PspReturn|Initiation|Dispute)"[\s\S]*"status"/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

/** The names of the type aliases or interfaces that declare `status` in a contextual type. */
function statusDeclarers(checker: ts.TypeChecker, type: ts.Type): string[] {
  const parts = type.isUnion() || type.isIntersection() ? type.types : [type];
  return parts.flatMap((part) =>
    (checker.getPropertyOfType(part, "status")?.declarations ?? []).flatMap((declaration) => {
      let node: ts.Node | undefined = declaration;
      while (node && !ts.isTypeAliasDeclaration(node) && !ts.isInterfaceDeclaration(node)) node = node.parent;
      return node ? [(node as ts.TypeAliasDeclaration | ts.InterfaceDeclaration).name.text] : [];
    }),
  );
}

/**
 * The type a literal is checked against, not the one inferred from it: Prisma's methods are
 * generic in their argument, so the plain contextual type is the literal itself. Completions ask
 * the checker with IgnoreNodeInferences, a flag of its internal signature; were it renamed, the
 * fixture's writes would go unfound and the first test fail.
 */
function contextualInput(checker: ts.TypeChecker, node: ts.ObjectLiteralExpression): ts.Type | undefined {
  const flags = (ts as unknown as { ContextFlags: Record<string, number> }).ContextFlags.IgnoreNodeInferences;
  const internal = checker as unknown as { getContextualType(node: ts.Expression, flags: number): ts.Type | undefined };
  return internal.getContextualType(node, flags);
}

type Write = { file: string; line: number; what: string };

function findStatusWrites(files: string[]): Write[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const options = { ...config?.options, incremental: false, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === fixture
      ? ts.createSourceFile(name, fixtureText, version)
      : getSourceFile.call(host, name, version, ...rest);
  const fileExists = host.fileExists;
  host.fileExists = (name) => path.resolve(name) === fixture || fileExists.call(host, name);
  const program = ts.createProgram([...files, fixture], options, host);
  const checker = program.getTypeChecker();
  const writes: Write[] = [];

  for (const file of [...files, fixture]) {
    const source = program.getSourceFile(file);
    if (!source || file === writer) continue;
    const record = (node: ts.Node, what: string) =>
      writes.push({
        file: path.relative(root, file),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        what,
      });
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const context = contextualInput(checker, node);
        const input = context && statusDeclarers(checker, context).find((name) => writeInput.test(name));
        const status = input && checker.getTypeAtLocation(node).getProperty("status");
        if (input && status) {
          const written = checker.typeToString(checker.getTypeOfSymbolAtLocation(status, node));
          const initial = input.startsWith("Dispute") ? initialDisputeStatus : initialStatus;
          const isInitialInsert = /Create/.test(input) && written === JSON.stringify(initial);
          if (!isInitialInsert) record(node, `${input} status: ${written}`);
        }
      }
      if (ts.isTaggedTemplateExpression(node) && /\$(execute|query)Raw/.test(node.tag.getText(source))) {
        if (rawStatusWrite.test(node.template.getText(source))) record(node, "raw SQL status write");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

const writes = findStatusWrites([...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("components")]);
const fixtureName = path.relative(root, fixture);
const caught = writes.filter((write) => write.file === fixtureName).map((write) => write.line);
const expected = [8, 9, 10, 11, 12, 13];
const strays = writes.filter((write) => write.file !== fixtureName);
if (caught.join() !== expected.join()) {
  console.error(
    `check-status-writers: the fixture's sneaked writes were found on lines ${caught.join(", ")}, not ${expected.join(", ")}: the check has gone blind`,
  );
  process.exit(1);
}
if (strays.length > 0) {
  for (const write of strays)
    console.error(`${write.file}:${write.line}: ${write.what} written outside lib/db/change-status.ts`);
  process.exit(1);
}
console.log("check-status-writers: only changeStatus writes a status column");
