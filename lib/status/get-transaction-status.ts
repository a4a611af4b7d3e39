import { getDb } from "../db/client";
import { findUndecidedDispute } from "../db/disputes";
import { findMerchantTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import { getRefundStatus } from "./get-refund-status";
import { type StatusAnswer, statusQuerySchema } from "./schemas";
import { publicPayoutStatus } from "../transactions/statuses";

/** A deposit's dispute the PSP has not decided yet, as the answer shows it. */
async function undecidedDisputeOf(depositId: string): Promise<{ dispute?: StatusAnswer["dispute"] }> {
  const undecided = await findUndecidedDispute(getDb(), depositId);
  if (!undecided) return {};
  return {
    dispute: {
      id: undecided.id,
      status: undecided.status,
      amount: formatAmountDot(undecided.amountCents),
      respond_by: undecided.respondBy.toISOString(),
    },
  };
}

/** The status extension of contract section 1, for the verified merchant's own transactions. */
export async function getTransactionStatus(options: {
  merchantId: string;
  data: unknown;
}): Promise<{ code: number; data: StatusAnswer }> {
  const query = statusQuerySchema.parse(options.data);
  if (query.id?.startsWith("rfd_")) return getRefundStatus(options.merchantId, query.id);
  const id = query.id ?? query.transfer_id;
  const lookup = id !== undefined ? { id } : { reference: query.reference as string };
  const found = await findMerchantTransaction(options.merchantId, lookup);
  if (!found || (query.transfer_id !== undefined && found.operation !== "gateway_out")) {
    const [field, value] = query.id
      ? ["id", query.id]
      : query.transfer_id
        ? ["transfer_id", query.transfer_id]
        : ["reference", query.reference];
    throw new AppError("not_found", `no transaction with ${field} "${value}" for this merchant`);
  }
  return {
    code: 200,
    data: {
      id: found.id,
      ...(found.operation === "gateway_out" ? { transfer_id: found.id } : {}),
      operation: found.operation,
      reference: found.reference,
      status: found.operation === "gateway_out" ? publicPayoutStatus(found.status) : found.status,
      amount: formatAmountDot(found.amountCents),
      currency: found.currency,
      created_at: found.createdAt.toISOString(),
      updated_at: found.updatedAt.toISOString(),
      ...(found.reasonCode ? { reason_code: found.reasonCode, reason: found.reason } : {}),
      ...(found.operation === "gateway_out" ? {} : await undecidedDisputeOf(found.id)),
    },
  };
}
