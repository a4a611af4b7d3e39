// How many answers and callbacks the integration suites checked against the decoded OpenAPI
// document (documented-schemas): each test file's worker leaves its own counts, and `npm test`
// adds them up for its summary.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export type SchemaCounts = { answers: number; callbacks: number };

const directory = path.resolve(import.meta.dirname, "../../test-results/documented-schemas");

export function recordSchemaCounts(counts: SchemaCounts): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, `${randomUUID()}.json`), JSON.stringify(counts));
}

export function forgetSchemaCounts(): void {
  rmSync(directory, { recursive: true, force: true });
}

export function sumSchemaCounts(): SchemaCounts {
  const sum = { answers: 0, callbacks: 0 };
  for (const file of existsSync(directory) ? readdirSync(directory) : []) {
    const counts = JSON.parse(readFileSync(path.join(directory, file), "utf8")) as SchemaCounts;
    sum.answers += counts.answers;
    sum.callbacks += counts.callbacks;
  }
  return sum;
}
