import { readFileSync } from "node:fs";
import path from "node:path";
import { HOSTED_ASSETS_DIR } from "./hosted-assets-dir";

export type HostedAssets = { css: string; js: string };

let built: HostedAssets | null = null;

/**
 * The stylesheet and script scripts/build-hosted-assets.ts wrote: read once in production, at each
 * page in development (where that script may have been run again since).
 */
export function hostedAssets(): HostedAssets {
  if (built) return built;
  const dir = path.join(process.cwd(), HOSTED_ASSETS_DIR);
  let assets: HostedAssets;
  try {
    assets = {
      css: readFileSync(path.join(dir, "hosted.css"), "utf8"),
      js: readFileSync(path.join(dir, "hosted.js"), "utf8"),
    };
  } catch {
    throw new Error(
      `the hosted pages' assets are missing from ${HOSTED_ASSETS_DIR}: run npm run build (or tsx scripts/build-hosted-assets.ts)`,
    );
  }
  if (process.env.NODE_ENV === "production") built = assets;
  return assets;
}
