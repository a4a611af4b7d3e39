// "Devolver" on a paid deposit's page in the console: the same refund as POST /api/refund
// (createRefund: the funds lock, what is left to refund, the provider asked outside the
// transaction), asked by an operator for any merchant or by the merchant's admin for its own,
// with the audit event in the refund's own transaction.
import { type Actor, assertRole } from "../access/actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import type { RefundWithDeposit } from "../db/refunds";
import { AppError } from "../errors/app-error";
import type { Locale } from "../i18n/messages";
import { formatAmountDot } from "../money/format-amount";
import { findConsoleTransaction } from "./find-console-transaction";
import { createRefund } from "../refunds/create-refund";
import { type ConsoleRefundInput, consoleRefundSchema } from "../refunds/console-refund-schema";

/** The refund asked for (isNew false: this form's refund already existed, nothing was done twice). */
export async function refundConsoleDeposit(
  actor: Actor,
  locale: Locale,
  input: ConsoleRefundInput,
): Promise<{ refund: RefundWithDeposit; isNew: boolean }> {
  assertRole(actor, "operator", "merchant-admin");
  const request = consoleRefundSchema(locale).parse(input);
  const found = await findConsoleTransaction(getDb(), actor, request.depositId);
  if (found.kind !== "transaction" || found.transaction.operation === "gateway_out")
    throw new AppError("not_found", `no deposit ${request.depositId}`);
  const merchant = await findMerchant(getDb(), found.transaction.merchantId);
  if (!merchant) throw new AppError("not_found", `no deposit ${request.depositId}`);
  return createRefund({
    merchant,
    data: { id: request.depositId, amount: formatAmountDot(request.amount), reason: request.reason },
    requester: {
      requestKey: request.requestKey,
      actor: actor.role === "operator" ? "operator" : "merchant",
      record: (tx, refund) =>
        recordAuditEvent(tx, {
          actor,
          action: "refund.requested",
          targetType: "refund",
          targetId: refund.id,
          merchantId: refund.merchantId,
          ip: actor.ip,
          detail: { deposit_id: refund.depositId, amount_cents: refund.amountCents.toString(), reason: request.reason },
        }),
    },
  });
}
