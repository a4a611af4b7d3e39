import { getDb } from "../db/client";
import { findTransactionByPayToken } from "../db/transactions";
import { parseRedirectUrl } from "../transactions/check-redirect-url";

/** The origins a hosted payment's pages may send the customer to (its redirect URLs), for form-action. */
export async function findRedirectOrigins(payToken: string): Promise<string[]> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(payToken)) return [];
  const deposit = await findTransactionByPayToken(getDb(), payToken);
  if (!deposit) return [];
  const urls = [deposit.successRedirectUrl, deposit.failedRedirectUrl, deposit.returnUrl].flatMap((url) =>
    url ? [parseRedirectUrl(url)] : [],
  );
  return [...new Set(urls.flatMap((url) => (url ? [url.origin] : [])))];
}
