// npm run dev: next dev, with the hosted pages' stylesheet and script built first and built again
// whenever a file they come from changes (the pages read them at each request in development).
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import path from "node:path";
import { buildHostedAssets } from "./build-hosted-assets";

const root = path.resolve(import.meta.dirname, "..");
const sources = ["components/pay", "components/ui", "app/pay", "app/direct", "lib/hosted", "lib/i18n"];

await buildHostedAssets();
let pending: ReturnType<typeof setTimeout> | undefined;
for (const source of sources) {
  watch(path.join(root, source), { recursive: true }, () => {
    // An editor's save is several events: one build for them all.
    clearTimeout(pending);
    pending = setTimeout(
      () => buildHostedAssets().catch((error: unknown) => console.error("hosted pages' assets:", error)),
      200,
    );
  });
}
const next = spawn(path.join(root, "node_modules/.bin/next"), ["dev", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
next.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => next.kill(signal));
