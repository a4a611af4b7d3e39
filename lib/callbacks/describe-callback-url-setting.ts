// Where a merchant's callback URL is set, said the same way wherever a developer meets its
// absence: the attempt refused for want of one (stored, and the answer of POST
// /api/callbacks/test), npm start's banner and `npm run listen`. No operator is needed: on a
// gateway of their own developers run its CLI, on a hosted one a merchant admin uses the console.
import { getConfig } from "../config/config";

/** Where `npm run listen` receives callbacks unless told otherwise. */
export const LOCAL_RECEIVER_URL = "http://127.0.0.1:4000/callbacks";

/** The console page where a merchant admin sets their merchant's callback URL and redirect origins. */
export const SETTINGS_PAGE = "/console/settings";

/** The CLI command that sets a merchant's callback URL, on a gateway the reader runs. */
export function describeCallbackUrlCommand(merchantId: string, url: string): string {
  return `npm run -s cashier -- merchant update ${merchantId} --callback-url ${url}`;
}

/** Why a callback cannot go, and the two ways to fix it. */
export function describeMissingCallbackUrl(merchantId: string): string {
  return (
    `the merchant has no callback URL: a merchant admin sets it in the console at ` +
    `${getConfig().publicBaseUrl}${SETTINGS_PAGE}; on a gateway you run, ` +
    `\`${describeCallbackUrlCommand(merchantId, "URL")}\``
  );
}
