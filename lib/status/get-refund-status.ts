import { getDb } from "../db/client";
import { findMerchantRefund } from "../db/refunds";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import type { StatusAnswer } from "./schemas";

/** /api/status for a refund id (rfd_…): the verified merchant's own refunds only. */
export async function getRefundStatus(merchantId: string, id: string): Promise<{ code: number; data: StatusAnswer }> {
  const refund = await findMerchantRefund(getDb(), merchantId, id);
  if (!refund) throw new AppError("not_found", `no refund with id "${id}" for this merchant`);
  return {
    code: 200,
    data: {
      id: refund.id,
      operation: "refund",
      deposit_id: refund.depositId,
      reference: refund.deposit.reference,
      status: refund.status,
      amount: formatAmountDot(refund.amountCents),
      currency: refund.currency,
      created_at: refund.createdAt.toISOString(),
      updated_at: refund.updatedAt.toISOString(),
      ...(refund.reasonCode ? { reason_code: refund.reasonCode, reason: refund.reason } : {}),
    },
  };
}
