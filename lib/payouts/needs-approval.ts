/**
 * Whether a payout waits for an operator's approval before it is sent: the merchant's choice
 * (`merchant update --payout-approval operator [--approval-above AMOUNT]`), for every payout or
 * those above an amount.
 */
export function needsApproval(
  merchant: { payoutApproval: string; payoutApprovalAboveCents: bigint | null },
  amountCents: bigint,
): boolean {
  if (merchant.payoutApproval !== "operator") return false;
  return merchant.payoutApprovalAboveCents === null || amountCents > merchant.payoutApprovalAboveCents;
}
