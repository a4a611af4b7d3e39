import { describe, expect, it } from "vitest";
import type { ConsoleRole } from "../access/actor";
import type { TransactionDetail } from "./get-transaction-detail";
import { transactionView } from "./transaction-view";

const paidDeposit = {
  kind: "deposit",
  status: "paid",
  mode: "live",
  amountCents: 10_000n,
  refundedCents: 0n,
  refundableCents: 10_000n,
  reasonCode: null,
  reason: null,
} as TransactionDetail;

const as = (role: ConsoleRole) => ({ role });

describe("transactionView", () => {
  it("offers an operator the merchant's page, the customer's data, the resend and the refund", () => {
    expect(transactionView(as("operator"), paidDeposit)).toMatchObject({
      linksMerchant: true,
      canReveal: true,
      canResend: true,
      refund: "form",
    });
  });

  it("offers the merchant's admin the resend and the refund, not the customer's data nor a merchant page", () => {
    expect(transactionView(as("merchant-admin"), paidDeposit)).toMatchObject({
      linksMerchant: false,
      canReveal: false,
      canResend: true,
      refund: "form",
    });
  });

  it("offers a viewer nothing to do", () => {
    expect(transactionView(as("merchant-viewer"), paidDeposit)).toMatchObject({
      canReveal: false,
      canResend: false,
      refund: null,
    });
  });

  it("says a paid deposit refunded whole has nothing left, badged refunded after paid", () => {
    const refunded = { ...paidDeposit, refundedCents: 10_000n, refundableCents: 0n };
    expect(transactionView(as("merchant-admin"), refunded)).toMatchObject({
      refund: "nothing_left",
      statuses: ["paid", "refunded"],
    });
    expect(transactionView(as("operator"), { ...refunded, refundedCents: 2_500n }).statuses).toEqual([
      "paid",
      "partially_refunded",
    ]);
  });

  it("offers no refund of a deposit not paid, nor of a payout", () => {
    const pending = { ...paidDeposit, status: "pending", refundableCents: 0n };
    expect(transactionView(as("operator"), pending).refund).toBeNull();
    const payout = { ...paidDeposit, kind: "payout", status: "completed", refundableCents: 0n } as TransactionDetail;
    expect(transactionView(as("operator"), payout)).toMatchObject({
      refund: null,
      isOutgoing: true,
      statuses: ["completed"],
    });
  });

  it("says why it ended as one line, and marks sandbox money", () => {
    const canceled = { ...paidDeposit, mode: "sandbox", reasonCode: "invalid_account", reason: "conta encerrada" };
    expect(transactionView(as("operator"), canceled)).toMatchObject({
      reason: "invalid_account: conta encerrada",
      isSandbox: true,
      isOutgoing: false,
    });
    expect(transactionView(as("operator"), { ...canceled, reason: null }).reason).toBe("invalid_account");
    expect(transactionView(as("operator"), { ...canceled, reasonCode: null }).reason).toBe("conta encerrada");
  });
});
