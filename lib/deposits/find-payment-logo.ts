import { getDb } from "../db/client";
import { type MerchantLogoRecord, findMerchantLogo } from "../db/merchant-logos";
import { findTransactionByPayToken } from "../db/transactions";

/** The logo of the merchant a hosted payment pays, by the payment's token; null when there is none. */
export async function findPaymentLogo(token: string): Promise<MerchantLogoRecord | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const deposit = await findTransactionByPayToken(getDb(), token);
  return deposit ? findMerchantLogo(getDb(), deposit.merchantId) : null;
}
