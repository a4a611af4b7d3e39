// The hosted pages' stylesheet and script, built apart from Next.js's: the pages are rendered
// to plain HTML by route handlers and inline both (lib/hosted/hosted-assets.ts), so a
// customer's phone loads no framework. Run after `next build` (which empties .next) by
// scripts/build.ts, around `next dev` (scripts/dev.ts), and before the tests (test/support/global-setup.ts).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import tailwind from "@tailwindcss/postcss";
import { build } from "esbuild";
import postcss from "postcss";
import { HOSTED_ASSETS_DIR } from "../lib/hosted/hosted-assets-dir";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, HOSTED_ASSETS_DIR);
const cssEntry = path.join(root, "components/pay/hosted.css");

/** Builds both into HOSTED_ASSETS_DIR; says their sizes unless told to be quiet. */
export async function buildHostedAssets(options: { isQuiet?: boolean } = {}): Promise<void> {
  const [css, js] = await Promise.all([
    postcss([tailwind({ base: root, optimize: { minify: true } })])
      .process(readFileSync(cssEntry, "utf8"), { from: cssEntry })
      .then((result) => result.css),
    build({
      entryPoints: [path.join(root, "components/pay/client/hosted-client.ts")],
      bundle: true,
      minify: true,
      format: "iife",
      // Safari 15 on the oldest iPhones still in use: BigInt and optional chaining, nothing later.
      target: ["es2020", "safari15"],
      alias: { "@": root },
      write: false,
      logLevel: "warning",
    }).then((result) => result.outputFiles[0].text),
  ]);

  mkdirSync(out, { recursive: true });
  // Renamed into place: the tests rebuild them while a production server may be reading them.
  for (const [name, text] of [
    ["hosted.css", css],
    ["hosted.js", js],
  ]) {
    const temporary = path.join(out, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, path.join(out, name));
  }
  const size = (text: string) =>
    `${(text.length / 1024).toFixed(1)} kB (${(gzipSync(text).length / 1024).toFixed(1)} kB gzipped)`;
  if (!options.isQuiet)
    console.log(`hosted pages: stylesheet ${size(css)}, script ${size(js)} in ${HOSTED_ASSETS_DIR}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildHostedAssets();
