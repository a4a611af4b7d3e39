import { getDb } from "../db/client";
import { sumMerchantLedger } from "../db/ledger";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";

/** `merchant balance`: what the merchant can pay out now, and what pending payouts hold. */
export async function getMerchantBalance(merchantId: string) {
  if (!(await findMerchant(getDb(), merchantId))) throw new AppError("not_found", `no merchant ${merchantId}`);
  const balance = await sumMerchantLedger(getDb(), merchantId);
  return {
    merchantId,
    currency: "BRL",
    available: formatAmountDot(balance.availableCents),
    reserved: formatAmountDot(balance.reservedCents),
  };
}
