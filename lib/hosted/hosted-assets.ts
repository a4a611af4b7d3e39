import { readFileSync } from "node:fs";
import path from "node:path";
import { appRoot } from "../runtime/app-root";
import { HOSTED_ASSETS_DIR } from "./hosted-assets-dir";

export type HostedAssets = { css: string; js: string };

let built: HostedAssets | null = null;

/**
 * The stylesheet and script scripts/build-hosted-assets.ts wrote: read once in production, at each
 * page in development (where that script may have been run again since).
 */
export function hostedAssets(): HostedAssets {
  if (built) return built;
  // Built apart, after next build: left out of its tracing, which takes any hosted.css it finds
  // under the project (the source, components/pay/hosted.css) for this one.
  const dir = path.join(appRoot(), HOSTED_ASSETS_DIR);
  let assets: HostedAssets;
  try {
    assets = {
      css: readFileSync(path.join(/*turbopackIgnore: true*/ dir, "hosted.css"), "utf8"),
      js: readFileSync(path.join(/*turbopackIgnore: true*/ dir, "hosted.js"), "utf8"),
    };
  } catch {
    throw new Error(
      `the hosted pages' assets are missing from ${HOSTED_ASSETS_DIR}: run npm run build (or tsx scripts/build-hosted-assets.ts)`,
    );
  }
  if (process.env.NODE_ENV === "production") built = assets;
  return assets;
}
