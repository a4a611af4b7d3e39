// The kinds of money movement and the operations that make each: a deposit or a payout is a row
// of Transaction, a refund a row of its own.
export const transactionKinds = ["deposit", "payout", "refund"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** The operations each kind of row stored in Transaction is made by. */
export const operationsOfKind = {
  deposit: ["pix", "payment_initiation", "gateway_in"],
  payout: ["gateway_out"],
} as const;

export function kindOfOperation(operation: string): TransactionKind {
  return operation === "gateway_out" ? "payout" : "deposit";
}

export type DepositOperation = (typeof operationsOfKind.deposit)[number];
export type TransactionOperation = DepositOperation | (typeof operationsOfKind.payout)[number];
