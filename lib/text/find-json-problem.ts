// What no field of a request may hold, checked once over the whole verified payload (a token's
// claims, a server action's arguments) before any schema or database sees it: NUL (PostgreSQL
// refuses it in text), lone UTF-16 surrogates (no database can store them as UTF-8), and nesting
// or size beyond what any operation needs. The walk keeps its own stack, so a hostile depth
// cannot overflow the process's.

import { textProblem } from "./text-problem";

export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_NODES = 10_000;

export type JsonProblem = { path: string; message: string };

/** The first problem in a parsed JSON value, named by its path (data.items.0.name), or null. */
export function findJsonProblem(root: unknown, rootPath: string): JsonProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (++nodes > MAX_JSON_NODES) return { path: rootPath, message: `must hold at most ${MAX_JSON_NODES} values` };
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return { path, message: problem };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { path, message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` };
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path, message: `has a field name that ${keyProblem}` };
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}
