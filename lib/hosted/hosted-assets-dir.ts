/** Where scripts/build-hosted-assets.ts writes the hosted pages' stylesheet and script, from the project root. */
export const HOSTED_ASSETS_DIR = ".next/hosted";
