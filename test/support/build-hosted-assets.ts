// Vitest's global setup: the hosted pages' stylesheet and script, which the route handlers under
// test inline (/direct's failure pages), built fresh from the working tree before any test runs.
import { buildHostedAssets } from "../../scripts/build-hosted-assets";

export default async function setup(): Promise<void> {
  await buildHostedAssets({ isQuiet: true });
}
