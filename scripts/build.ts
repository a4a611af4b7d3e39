// npm run build: Next.js's build, then the hosted pages' stylesheet and script, which must come
// after it (next build empties .next, where they are written).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildHostedAssets } from "./build-hosted-assets";

const root = path.resolve(import.meta.dirname, "..");
const next = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
  cwd: root,
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
if (next.status !== 0) process.exit(next.status ?? 1);
await buildHostedAssets();
