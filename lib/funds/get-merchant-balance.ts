import { getDb } from "../db/client";
import { readMerchantBalance } from "../db/ledger";
import { type MerchantRecord, findMerchant } from "../db/merchants";
import { sumPendingDeposits } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";

/**
 * A merchant's money in its mode (the mode of its keys): what it can pay out now (available),
 * what pending payouts and refunds hold (reserved), and what its pending deposits would bring in
 * (pending). `merchant balance` and POST /api/balance both answer this.
 */
export async function sumMerchantBalance(merchant: Pick<MerchantRecord, "id" | "mode">) {
  const db = getDb();
  const [balance, pendingCents] = await Promise.all([
    readMerchantBalance(db, merchant.id, merchant.mode),
    sumPendingDeposits(db, merchant.id, merchant.mode),
  ]);
  return {
    mode: merchant.mode,
    currency: "BRL",
    available: formatAmountDot(balance.availableCents),
    reserved: formatAmountDot(balance.reservedCents),
    pending: formatAmountDot(pendingCents),
  };
}

/** `merchant balance`: the balance of a merchant named by its id. */
export async function getMerchantBalance(merchantId: string) {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  return { merchantId, ...(await sumMerchantBalance(merchant)) };
}
