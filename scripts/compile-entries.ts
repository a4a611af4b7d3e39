// TypeScript entries compiled to ES modules that plain node runs: what npm run build puts in the
// runtime folder (scripts/build-runtime.ts), and the CLI the integration tests run
// (test/support/global-setup.ts). The packages Next.js keeps out of its own bundles (next and
// next.config.ts's serverExternalPackages: native, wasm or connection-holding parts) load from
// node_modules; everything else is bundled. Shared code goes to chunks beside the entries.
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import nextConfig from "../next.config";

const root = path.resolve(import.meta.dirname, "..");

/** The packages left to node_modules. */
export const EXTERNAL_PACKAGES = ["next", ...(nextConfig.serverExternalPackages ?? [])];

/**
 * Whether node can load this import of an external package from an ES module: a package's own
 * name always; a path inside it (next/navigation) only through the package's exports map, as
 * without one node asks for the file's extension and the entry fails when it starts.
 */
function isLoadable(specifier: string, modulesDir: string): boolean {
  const name = specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
  if (specifier === name) return true;
  const manifest = JSON.parse(readFileSync(path.join(modulesDir, name, "package.json"), "utf8")) as {
    exports?: unknown;
  };
  return manifest.exports !== undefined;
}

/**
 * Compiles `entries` (name: source path from the repository) to `outdir`/<name>.mjs; throws when
 * one would import what node cannot load from `modulesDir`. Answers the bytes written.
 */
export async function compileEntries(options: {
  entries: Record<string, string>;
  outdir: string;
  modulesDir: string;
}): Promise<number> {
  const result = await build({
    entryPoints: Object.fromEntries(
      Object.entries(options.entries).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir: options.outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    chunkNames: "chunk-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    alias: { "@": root },
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages use require, __dirname and __filename, which an ES module has not got.
    banner: {
      js: [
        'import { createRequire as __cashierRequire } from "node:module";',
        "const require = __cashierRequire(import.meta.url);",
        "const __filename = import.meta.filename;",
        "const __dirname = import.meta.dirname;",
      ].join(" "),
    },
    // No source maps: Node keeps a loaded one in memory for each file (bench/README.md).
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  const unloadable = Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter(
      (imported) => imported.external && !isBuiltin(imported.path) && !isLoadable(imported.path, options.modulesDir),
    );
  if (unloadable.length)
    throw new Error(
      `the compiled entries import ${[...new Set(unloadable.map((imported) => imported.path))].join(", ")}, which node cannot load from an ES module: keep it out of their imports`,
    );
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}
