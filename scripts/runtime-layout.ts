// Where npm run build puts what npm start and the image run: Next.js's standalone folder, with the
// start script, its workers' entry, its first step and the CLI compiled to JavaScript in its bin/.
import path from "node:path";

export const STANDALONE_DIR = ".next/standalone";
export const BIN_DIR = "bin";

/** Each compiled entry (bin/<name>.mjs) and its source. */
export const RUNTIME_ENTRIES = {
  start: "scripts/start.ts",
  serve: "scripts/serve.ts",
  "prepare-start": "scripts/prepare-start.ts",
  cashier: "scripts/cashier.ts",
} as const;

/** The folder the gateway serves from, seen from an entry's own: bin/'s parent, the standalone folder (scripts/'s, the repository, from source). */
export function appRootOfEntry(entryDir: string): string {
  return path.resolve(entryDir, "..");
}

/** A compiled entry of the repository's build: .next/standalone/bin/<name>.mjs under `root`. */
export function builtEntry(root: string, name: keyof typeof RUNTIME_ENTRIES): string {
  return path.join(root, STANDALONE_DIR, BIN_DIR, `${name}.mjs`);
}

/** A compiled entry beside the running one: bin/<name>.mjs. */
export function siblingEntry(entryDir: string, name: keyof typeof RUNTIME_ENTRIES): string {
  return path.join(entryDir, `${name}.mjs`);
}
