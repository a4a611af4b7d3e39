import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { findConsoleTransaction } from "./find-console-transaction";

export type RevealedCustomer = {
  name: string | null;
  email: string | null;
  cpf: string | null;
  phone: string | null;
  buyerIp: string | null;
  /** A payout's destination. */
  pixKey: string | null;
  account: string | null;
};

/**
 * The customer data of one deposit or payout in clear, for an operator only, and on the record:
 * the audit event is written first, in the same transaction as the read, so nothing is shown that
 * was not logged.
 */
export async function revealTransactionCustomer(actor: Actor, id: string): Promise<RevealedCustomer> {
  assertRole(actor, "operator");
  return getDb().$transaction(async (tx) => {
    const found = await findConsoleTransaction(tx, actor, id);
    if (found.kind === "refund")
      throw new AppError("invalid_argument", `refund ${id} holds no customer data; its deposit does`);
    const t = found.transaction;
    await recordAuditEvent(tx, {
      actor,
      action: "transaction.customer_revealed",
      targetType: "transaction",
      targetId: t.id,
      merchantId: t.merchantId,
      ip: actor.ip,
      detail: { reference: t.reference },
    });
    return {
      name: t.customerName,
      email: t.customerEmail,
      cpf: t.customerCpf,
      phone: t.phone,
      buyerIp: t.buyerIp,
      pixKey: t.pixKey,
      account: t.account,
    };
  });
}
