import { describe, expect, it } from "vitest";
import type { ProviderRefund } from "../providers/contract/payment-provider";
import type { RefundStatus } from "../transactions/statuses";
import { matchProviderRefunds } from "./match-provider-refunds";

const stored = (
  id: string,
  amountCents: bigint,
  extra: { status?: RefundStatus; providerRefundId?: string; isSubmitted?: boolean; minute?: number } = {},
) => ({
  id,
  amountCents,
  status: extra.status ?? ("pending" as RefundStatus),
  providerRefundId: extra.providerRefundId ?? null,
  isSubmitted: extra.isSubmitted ?? true,
  createdAt: new Date(Date.UTC(2026, 10, 28, 12, extra.minute ?? 0)),
});

const report = (amountCents: bigint, ids: { refundId?: string; providerRefundId?: string } = {}): ProviderRefund => ({
  refundId: ids.refundId ?? null,
  status: "completed",
  amountCents,
  providerRefundId: ids.providerRefundId ?? null,
  failureReason: null,
  nature: "original",
});

const pairs = (result: ReturnType<typeof matchProviderRefunds>) =>
  result.matched.map(({ refund, report }) => [refund.id, report.providerRefundId ?? report.refundId]);

describe("matchProviderRefunds", () => {
  it("matches a report carrying the gateway's id by that id alone", () => {
    const result = matchProviderRefunds(
      [stored("rfd_a", 500n)],
      [report(500n, { refundId: "rfd_a", providerRefundId: "D1" }), report(500n, { refundId: "Dportal" })],
    );
    expect(pairs(result)).toEqual([["rfd_a", "D1"]]);
    expect(result.matched[0].report.refundId).toBe("rfd_a");
    // Another id with the same amount is the PSP's own, never a pending refund of the gateway's.
    expect(result.unmatched.map((one) => one.refundId)).toEqual(["Dportal"]);
  });

  it("matches a report named only by the provider by the stored provider id, else by order and amount", () => {
    const refunds = [
      stored("rfd_late", 700n, { minute: 5 }),
      stored("rfd_linked", 700n, { providerRefundId: "D2", status: "completed", minute: 1 }),
      stored("rfd_unsent", 700n, { isSubmitted: false, minute: 0 }),
      stored("rfd_early", 700n, { minute: 2 }),
      stored("rfd_failed", 300n, { status: "failed", minute: 3 }),
    ];
    const result = matchProviderRefunds(refunds, [
      report(700n, { providerRefundId: "D3" }),
      report(700n, { providerRefundId: "D2" }),
      report(700n, { providerRefundId: "D4" }),
      report(700n, { providerRefundId: "D5" }),
      report(300n, { providerRefundId: "D6" }),
      report(700n, { providerRefundId: "D7" }),
    ]);
    // D2 is linked; then the ones the provider took, oldest first, then the one never sent.
    expect(pairs(result)).toEqual([
      ["rfd_linked", "D2"],
      ["rfd_early", "D3"],
      ["rfd_late", "D4"],
      ["rfd_unsent", "D5"],
    ]);
    // A failed refund moved no money: a devolucao of its amount is the PSP's own.
    expect(result.unmatched.map((one) => one.providerRefundId)).toEqual(["D6", "D7"]);
  });

  it("never matches one stored refund twice", () => {
    const result = matchProviderRefunds(
      [stored("rfd_a", 100n, { providerRefundId: "D1" })],
      [report(100n, { providerRefundId: "D1" }), report(100n, { providerRefundId: "D1" })],
    );
    expect(pairs(result)).toEqual([["rfd_a", "D1"]]);
    expect(result.unmatched).toHaveLength(1);
  });
});
