import { getDb } from "../db/client";
import { type MerchantRecord, findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";

/** A merchant's routes and payout approval as the tools print them. */
export function toRoutingView(
  merchant: Pick<MerchantRecord, "providerRoutes" | "payoutApproval" | "payoutApprovalAboveCents">,
) {
  return {
    providerRoutes: merchant.providerRoutes,
    payoutApproval: merchant.payoutApproval,
    payoutApprovalAbove:
      merchant.payoutApprovalAboveCents === null ? null : formatAmountDot(merchant.payoutApprovalAboveCents),
  };
}

/** Where a merchant's rails go and who approves its payouts (`merchant create` prints it after routing). */
export async function findMerchantRouting(merchantId: string) {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  return toRoutingView(merchant);
}
