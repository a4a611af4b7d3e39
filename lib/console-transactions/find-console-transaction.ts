import { type Actor, merchantScopeOf, outsideScope } from "../access/actor";
import type { DbOrTx } from "../db/client";
import { type RefundWithDeposit, findRefund } from "../db/refunds";
import { type TransactionRecord, findTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";

export type ConsoleTransaction =
  { kind: "transaction"; transaction: TransactionRecord } | { kind: "refund"; refund: RefundWithDeposit };

/**
 * A deposit, payout (dep_…, po_…) or refund (rfd_…) the actor may see. Another merchant's is
 * answered exactly as one that does not exist, so ids cannot be probed.
 */
export async function findConsoleTransaction(db: DbOrTx, actor: Actor, id: string): Promise<ConsoleTransaction> {
  const scope = merchantScopeOf(actor);
  const found: ConsoleTransaction | null = id.startsWith("rfd_")
    ? await findRefund(db, id).then((refund) => refund && { kind: "refund" as const, refund })
    : await findTransaction(db, id).then((transaction) => transaction && { kind: "transaction" as const, transaction });
  const merchantId = found?.kind === "refund" ? found.refund.merchantId : found?.transaction.merchantId;
  if (!found) throw new AppError("not_found", `no transaction ${id}`);
  if (scope !== null && merchantId !== scope)
    throw outsideScope(`no transaction ${id}`, { type: found.kind === "refund" ? "refund" : "transaction", id });
  return found;
}
