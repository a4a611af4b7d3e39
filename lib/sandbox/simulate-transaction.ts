// A merchant's developer moves their own sandbox transaction to a final state, through the same
// operations an operator or the provider uses, so the state change, the funds and the callback
// are those of a real one. Without an outcome, the amount decides (documented in docs/api.md):
// a deposit of x,01 fails, x,02 expires, any other is paid; a payout of y,01 is canceled, any
// other completes. A paid deposit's payer may also open a dispute (outcome disputed).
import { runTransaction } from "../db/run-transaction";
import type { MerchantRecord } from "../db/merchants";
import { findMerchantTransaction } from "../db/transactions";
import { paySandboxDeposit } from "../deposits/pay-sandbox-deposit";
import { settleDeposit } from "../deposits/settle-deposit";
import { AppError } from "../errors/app-error";
import { markPayout } from "../payouts/mark-payout";
import { assertSandboxMerchant } from "./assert-sandbox-merchant";
import { disputeSandboxDeposit } from "./dispute-sandbox-deposit";
import { DISPUTED, type SimulateAnswer, depositOutcomes, payoutOutcomes, simulateSchema } from "./schemas";

const SANDBOX_REASON_CODE = "sandbox_simulated";

function outcomeByAmount<T>(amountCents: bigint, byCents: Record<string, T>, otherwise: T): T {
  return byCents[String(amountCents % 100n)] ?? otherwise;
}

function refuseOutcome(kind: string, allowed: readonly string[]): never {
  throw new AppError("validation_failed", `outcome: must be one of ${allowed.join(", ")} for a ${kind}`, [
    { path: "outcome", message: `must be one of ${allowed.join(", ")} for a ${kind}` },
  ]);
}

export async function simulateTransaction(options: {
  merchant: MerchantRecord;
  data: Record<string, unknown>;
}): Promise<{ code: number; data: SimulateAnswer }> {
  assertSandboxMerchant(options.merchant, "POST /api/sandbox/simulate");
  const request = simulateSchema.parse(options.data);
  const transaction = await findMerchantTransaction(options.merchant.id, { id: request.id });
  if (!transaction) {
    throw new AppError("not_found", `no deposit or payout with id "${request.id}" for this merchant`);
  }

  if (transaction.operation === "gateway_out") {
    const outcome = request.outcome ?? outcomeByAmount(transaction.amountCents, { 1: "canceled" }, "completed");
    if (outcome === "completed")
      return { code: 200, data: await markPayout({ transferId: transaction.id, outcome, by: "merchant" }) };
    if (outcome === "canceled") {
      const reason = "canceled by POST /api/sandbox/simulate";
      return {
        code: 200,
        data: await markPayout({
          transferId: transaction.id,
          outcome,
          reasonCode: SANDBOX_REASON_CODE,
          reason,
          by: "merchant",
        }),
      };
    }
    return refuseOutcome("payout", payoutOutcomes);
  }

  if (request.outcome === DISPUTED) return { code: 200, data: await disputeSandboxDeposit(transaction) };
  const outcome = request.outcome ?? outcomeByAmount(transaction.amountCents, { 1: "failed", 2: "expired" }, "paid");
  if (outcome === "paid") return { code: 200, data: await paySandboxDeposit(transaction.id) };
  if (outcome === "failed" || outcome === "expired") {
    const eventId = await runTransaction((tx) =>
      settleDeposit(tx, transaction, { outcome, reasonCode: SANDBOX_REASON_CODE }, "merchant"),
    );
    return { code: 200, data: { id: transaction.id, mode: transaction.mode, status: outcome, event_id: eventId } };
  }
  return refuseOutcome("deposit", depositOutcomes);
}
