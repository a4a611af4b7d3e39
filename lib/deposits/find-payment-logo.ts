import { getDb } from "../db/client";
import { type MerchantLogoRecord, findMerchantLogo } from "../db/merchant-logos";
import { findDepositByPayToken } from "./pay-tokens";

/** The logo of the merchant a hosted payment pays, by the payment's token; null when there is none. */
export async function findPaymentLogo(token: string): Promise<MerchantLogoRecord | null> {
  const deposit = await findDepositByPayToken(token);
  return deposit ? findMerchantLogo(getDb(), deposit.merchantId) : null;
}
