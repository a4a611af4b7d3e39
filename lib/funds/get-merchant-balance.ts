import { getDb } from "../db/client";
import { sumMerchantLedger } from "../db/ledger";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";

/** `merchant balance`: what the merchant can pay out now, and what pending payouts hold. */
export async function getMerchantBalance(merchantId: string) {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  const balance = await sumMerchantLedger(getDb(), merchantId, merchant.mode);
  return {
    merchantId,
    mode: merchant.mode,
    currency: "BRL",
    available: formatAmountDot(balance.availableCents),
    reserved: formatAmountDot(balance.reservedCents),
  };
}
