// The runtime npm start and the image run, assembled in Next.js's standalone folder after next
// build: the start script, its workers' entry, its first step and the CLI compiled to JavaScript
// (bin/, shared chunks beside them: scripts/compile-entries.ts), and what next build leaves out of
// the folder (the browser assets, the hosted pages' assets, the migrations, the icon). The packages
// left out of the bundles load from the folder's node_modules, which next build traced; the build
// fails if one is missing there.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { HOSTED_ASSETS_DIR } from "../lib/hosted/hosted-assets-dir";
import { EXTERNAL_PACKAGES, compileEntries } from "./compile-entries";
import { BIN_DIR, RUNTIME_ENTRIES, STANDALONE_DIR } from "./runtime-layout";

const root = path.resolve(import.meta.dirname, "..");
const standalone = path.join(root, STANDALONE_DIR);

/** What the folder holds at its top: Next.js's server files and packages, and what is added here. */
const EXPECTED = new Set([".next", "node_modules", "package.json", "prisma", "app", BIN_DIR]);

/** Files the server reads at run time, copied into the folder as they sit in the repository. */
const COPIED = [
  ".next/static",
  HOSTED_ASSETS_DIR,
  "prisma/sqlite/migrations",
  "prisma/postgres/migrations",
  "app/icon.svg",
];

export async function buildRuntime(): Promise<void> {
  if (!existsSync(path.join(standalone, ".next/required-server-files.json")))
    throw new Error(`${STANDALONE_DIR} is missing: next.config.ts must say output: "standalone"`);
  for (const file of COPIED) {
    rmSync(path.join(standalone, file), { recursive: true, force: true });
    cpSync(path.join(root, file), path.join(standalone, file), { recursive: true });
  }

  for (const entry of readdirSync(standalone)) {
    // Next.js's own server.js serves without the gateway's HTTP server (its limits, headers and
    // client addresses): nobody must run it. Settings belong to where the folder runs, not the build.
    if (entry === "server.js" || entry.startsWith(".env")) rmSync(path.join(standalone, entry));
    else if (!EXPECTED.has(entry))
      throw new Error(
        `${STANDALONE_DIR}/${entry} was traced into the runtime: exclude it in next.config.ts (outputFileTracingExcludes)`,
      );
  }

  const missing = EXTERNAL_PACKAGES.filter(
    (name) => !existsSync(path.join(standalone, "node_modules", name, "package.json")),
  );
  if (missing.length)
    throw new Error(`next build did not trace ${missing.join(", ")} into ${STANDALONE_DIR}/node_modules`);

  // Written beside the folder and renamed into place last: bin/start.mjs is how npm start knows a
  // build is complete (scripts/npm-start.mjs).
  const staging = path.join(standalone, `${BIN_DIR}.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  const bytes = await compileEntries({
    entries: RUNTIME_ENTRIES,
    outdir: staging,
    modulesDir: path.join(standalone, "node_modules"),
  });
  rmSync(path.join(standalone, BIN_DIR), { recursive: true, force: true });
  renameSync(staging, path.join(standalone, BIN_DIR));
  console.log(
    `runtime: ${Object.keys(RUNTIME_ENTRIES).length} entries in ${STANDALONE_DIR}/${BIN_DIR} (${(bytes / 1024 / 1024).toFixed(1)} MB of JavaScript)`,
  );
}
