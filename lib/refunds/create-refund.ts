// POST /api/refund (contract section 7): a refund of the merchant's own paid deposit, whole by
// default, partial up to the paid amount in total. The refund is written first, with the money it
// needs held from the merchant's available funds, under the merchant's funds lock, so concurrent
// refunds of one deposit are checked one at a time and can never exceed it; then the provider is
// asked outside any transaction (submit-refund). The outcome reaches the merchant as
// refund.completed or refund.failed.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { lockMerchantFunds, readMerchantBalance } from "../db/ledger";
import type { MerchantRecord } from "../db/merchants";
import { type RefundWithDeposit, findRefundByRequest, insertRefund, sumRefundedCents } from "../db/refunds";
import type { Tx } from "../db/client";
import { type Actor, findMerchantTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import { capabilityOf, findProvider } from "../providers/registry";
import { hashRequest } from "../transactions/hash-request";
import { isPaid, isPending } from "../transactions/statuses";
import { type RefundAnswer, createRefundSchema } from "./schemas";
import { submitRefund } from "./submit-refund";
import { currentRequestId } from "../log/request-context";

/**
 * The answer to a refund request, the same on a replay: the refund as it was created. Its outcome
 * comes by callback and by /api/status.
 */
export function toRefundAnswer(refund: RefundWithDeposit): RefundAnswer {
  return {
    id: refund.id,
    deposit_id: refund.depositId,
    amount: formatAmountDot(refund.amountCents),
    currency: refund.currency,
    status: "pending",
  };
}

const brl = (cents: bigint) => `${formatAmountDot(cents)} BRL`;

const REFUND_WINDOW_MS = 90 * 24 * 3600_000;

let schema: ReturnType<typeof createRefundSchema> | undefined;

/**
 * Who asks besides the merchant's API: the console names its form's submission (`requestKey`, so
 * a double submit is one refund while a second refund of the same amount and reason is another),
 * who acted for the refund's history, and its audit event, written in the refund's transaction.
 */
export type RefundRequester = {
  requestKey: string;
  actor: Actor;
  record: (tx: Tx, refund: RefundWithDeposit) => Promise<unknown>;
};

/** The refund; isNew is false when the request replayed an earlier one. */
export async function createRefund(options: {
  merchant: MerchantRecord;
  data: unknown;
  requester?: RefundRequester;
}): Promise<{ refund: RefundWithDeposit; isNew: boolean }> {
  schema ??= createRefundSchema({ maxAmountCents: getConfig().maxAmountCents });
  const request = schema.parse(options.data);
  const merchantId = options.merchant.id;
  const lookup = request.id !== undefined ? { id: request.id } : { reference: request.reference as string };
  const deposit = await findMerchantTransaction(merchantId, lookup);
  if (!deposit || deposit.operation === "gateway_out") {
    const [field, value] = "id" in lookup ? ["id", lookup.id] : ["reference", lookup.reference];
    throw new AppError("not_found", `no deposit with ${field} "${value}" for this merchant`);
  }
  if (!isPaid(deposit.status)) {
    throw new AppError(
      "state_conflict",
      `deposit ${deposit.id} is ${deposit.status}; only a paid deposit can be refunded`,
    );
  }
  if (deposit.pixEndToEndId === null) {
    // Paid before the gateway kept the paying Pix's id: nothing names it to the provider.
    throw new AppError(
      "state_conflict",
      `deposit ${deposit.id} holds no end-to-end id of the Pix that paid it; the operator refunds it at the provider`,
    );
  }
  // The Pix rules allow a devolucao for 90 days after the payment: refused here rather than by
  // the PSP, with a date the merchant can act on, and before any money is held.
  const paidAt = deposit.settledAt ?? deposit.createdAt;
  if (Date.now() - paidAt.getTime() > REFUND_WINDOW_MS) {
    throw new AppError(
      "state_conflict",
      `deposit ${deposit.id} was paid on ${paidAt.toISOString().slice(0, 10)}; a Pix can be refunded for 90 days after its payment, so this one can no longer be returned through the gateway`,
    );
  }
  // A live deposit while no PSP is configured: a clear 503 before anything is written.
  const provider = await findProvider(deposit.provider);
  capabilityOf(provider, "refunds");
  // The deposit, not how it was named: {id} and {reference} of one deposit are the same request.
  const requester = options.requester;
  const requestHash = hashRequest(
    "refund",
    requester
      ? { deposit_id: deposit.id, console_request: requester.requestKey }
      : { deposit_id: deposit.id, amount: request.amount, reason: request.reason },
  );

  const created = await getDb().$transaction(async (tx) => {
    await lockMerchantFunds(tx, merchantId);
    // Under the lock, so a concurrent identical request finds this one's row, committed.
    const existing = await findRefundByRequest(tx, deposit.id, requestHash);
    if (existing) return { refund: existing, isNew: false };
    const refunded = await sumRefundedCents(tx, deposit.id);
    const refundable = deposit.amountCents - refunded;
    const amountCents = request.amount ?? refundable;
    if (amountCents > refundable || amountCents === 0n) {
      const message =
        refundable === 0n
          ? `nothing is left to refund: ${brl(refunded)} of the paid ${brl(deposit.amountCents)} is refunded or being refunded`
          : `must be at most ${formatAmountDot(refundable)}: ${brl(refunded)} of the paid ${brl(deposit.amountCents)} is refunded or being refunded`;
      throw new AppError("validation_failed", `amount: ${message}`, [{ path: "amount", message }]);
    }
    const { availableCents } = await readMerchantBalance(tx, merchantId, deposit.mode);
    if (availableCents < amountCents) {
      throw new AppError(
        "insufficient_funds",
        `available balance is ${brl(availableCents)}; this refund needs ${brl(amountCents)}`,
      );
    }
    const id = newId("rfd");
    // Held now, so the money cannot be paid out while the refund is under way.
    await recordFundsMovement(tx, {
      merchantId,
      mode: deposit.mode,
      kind: "reserve",
      amountCents,
      transactionId: deposit.id,
      memo: `refund ${id}`,
    });
    const refund = await insertRefund(
      tx,
      {
        id,
        merchantId,
        depositId: deposit.id,
        mode: deposit.mode,
        amountCents,
        currency: deposit.currency,
        description: request.reason ?? null,
        requestHash,
        provider: provider.accountId,
        requestId: currentRequestId(),
      },
      requester?.actor,
    );
    await requester?.record(tx, refund);
    return { refund, isNew: true };
  });

  // A new refund, or a replay of one whose call never reached the provider: asking again under
  // the same id is the same refund there.
  if (isPending(created.refund.status) && !created.refund.isSubmitted) {
    try {
      await submitRefund(created.refund);
    } catch (error) {
      // The refund exists and the merchant must learn its id: it stays pending, and a replay or
      // reconciliation asks the provider again under the same id.
      log.warn("refund not submitted to the provider; reconciliation asks again", {
        refundId: created.refund.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return created;
}
