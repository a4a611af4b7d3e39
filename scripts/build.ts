// npm run build: Next.js's build (its standalone folder), then the hosted pages' stylesheet and
// script, which must come after it (next build empties .next, where they are written), then the
// runtime npm start and the image run, assembled in the standalone folder (scripts/build-runtime.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildHostedAssets } from "./build-hosted-assets";
import { buildRuntime } from "./build-runtime";

const root = path.resolve(import.meta.dirname, "..");
const next = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
  cwd: root,
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
if (next.status !== 0) process.exit(next.status ?? 1);
await buildHostedAssets();
await buildRuntime();
