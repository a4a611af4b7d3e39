// What the console's transaction page shows of a transaction, for whom, decided in one place as
// lib/hosted/payment-flow decides the hosted pages: which badges its header carries, whether its
// amount leaves the merchant, which actions each role is offered. A page is only a view: the
// operations behind its buttons (reveal, resend, refund) check the actor again.
import type { Actor } from "../access/actor";
import { refundedStateOf } from "../refunds/refunded-state";
import type { TransactionDetail } from "./get-transaction-detail";

export type TransactionView = {
  /** The header's badges after the status: a deposit's refunded state. */
  statuses: string[];
  isSandbox: boolean;
  /** A payout or a refund: money that leaves the merchant, its amount shown with a minus. */
  isOutgoing: boolean;
  /** The reason a transaction ended as it did, as one line: "code: words", or either alone. */
  reason: string | null;
  /** Operators follow the merchant's name to its page; a merchant user reads their own name. */
  linksMerchant: boolean;
  /** Operators may reveal the masked customer (audited). */
  canReveal: boolean;
  /** Operators and the merchant's admin may send a callback again. */
  canResend: boolean;
  /** A paid deposit's refunds: the form while something is left to refund, else said so, for those who may refund. */
  refund: "form" | "nothing_left" | null;
};

export function transactionView(actor: Pick<Actor, "role">, detail: TransactionDetail): TransactionView {
  const isOperator = actor.role === "operator";
  // The roles lib/console-transactions/resend-transaction-callback and refund-console-deposit allow.
  const mayChange = isOperator || actor.role === "merchant-admin";
  const refundedState = detail.kind === "deposit" ? refundedStateOf(detail) : null;
  return {
    statuses: [detail.status, ...(refundedState ? [refundedState] : [])],
    isSandbox: detail.mode === "sandbox",
    isOutgoing: detail.kind !== "deposit",
    reason: detail.reasonCode ? [detail.reasonCode, detail.reason].filter(Boolean).join(": ") : detail.reason,
    linksMerchant: isOperator,
    canReveal: isOperator,
    canResend: mayChange,
    refund: !mayChange
      ? null
      : detail.refundableCents > 0n
        ? "form"
        : detail.kind === "deposit" && detail.status === "paid"
          ? "nothing_left"
          : null,
  };
}
