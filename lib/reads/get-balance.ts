import type { MerchantRecord } from "../db/merchants";
import { sumMerchantBalance } from "../funds/get-merchant-balance";
import { type BalanceAnswer, balanceQuerySchema } from "./schemas";

/** POST /api/balance: the verified merchant's money in its key's mode, as the console's balance page sums it. */
export async function getBalance(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ code: number; data: BalanceAnswer }> {
  balanceQuerySchema.parse(options.data);
  return { code: 200, data: await sumMerchantBalance(options.merchant) };
}
