// The balance rows are a cache of the ledger kept in the same transactions; this is its audit.
// Every row is recomputed from its ledger, and a row that says otherwise is an operator alert
// (kind balance_mismatch, once per difference found): payouts and refunds trust the rows, so a
// difference is money the gateway may let out wrongly. `npm run cashier -- funds verify` runs it
// on demand; reconciliation, once a day (lib/jobs/run-reconciler).
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { getDb } from "../db/client";
import { type BalanceDifference, findBalanceDifferences } from "../db/ledger";
import { formatAmountDot } from "../money/format-amount";

const describe = (side: BalanceDifference["row"]) =>
  `available ${formatAmountDot(side.availableCents)}, reserved ${formatAmountDot(side.reservedCents)} over ${side.entries} entries`;

export async function verifyFunds(): Promise<{
  checked: number;
  differences: { merchantId: string; mode: string; row: string; ledger: string }[];
}> {
  const db = getDb();
  const { checked, differences } = await findBalanceDifferences(db);
  for (const difference of differences) {
    const { merchantId, mode, row, ledger } = difference;
    await raiseOperatorAlert(db, {
      kind: "balance_mismatch",
      // One alert per difference as found: the same one met again the next day is not raised twice.
      subject: `${merchantId}:${mode}:${row.entries}:${row.availableCents}:${row.reservedCents}:${ledger.entries}`,
      merchantId,
      amountCents: row.availableCents - ledger.availableCents,
      message: `merchant ${merchantId}'s ${mode} balance row says ${describe(row)}; its ledger sums to ${describe(ledger)}. Payouts and refunds read the row: stop the merchant's payouts until it is corrected`,
    });
  }
  return {
    checked,
    differences: differences.map(({ merchantId, mode, row, ledger }) => ({
      merchantId,
      mode,
      row: describe(row),
      ledger: describe(ledger),
    })),
  };
}
