// npm start: the built gateway on plain node (no tsx, no TypeScript at run time), built first when
// there is no build. It becomes the primary process itself (.next/standalone/bin/start.mjs), so
// nothing but node stays between npm and the workers. In production, run that file with node.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
// Written last by npm run build (scripts/runtime-layout.ts): its presence is a complete build.
const primary = path.join(root, ".next/standalone/bin/start.mjs");
if (!existsSync(primary)) {
  console.log("no build found: running npm run build");
  const build = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/build.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(primary).href);
