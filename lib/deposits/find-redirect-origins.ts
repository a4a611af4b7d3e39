import { parseRedirectUrl } from "../transactions/check-redirect-url";
import { findDepositByPayToken } from "./pay-tokens";

/** The origins a hosted payment's pages may send the customer to (its redirect URLs), for form-action. */
export async function findRedirectOrigins(payToken: string): Promise<string[]> {
  const deposit = await findDepositByPayToken(payToken);
  if (!deposit) return [];
  const urls = [deposit.successRedirectUrl, deposit.failedRedirectUrl, deposit.returnUrl].flatMap((url) =>
    url ? [parseRedirectUrl(url)] : [],
  );
  return [...new Set(urls.flatMap((url) => (url ? [url.origin] : [])))];
}
