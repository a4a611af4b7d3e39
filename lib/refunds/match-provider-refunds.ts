// Which stored refund each refund a provider reports is, the one rule for every adapter. A report
// that carries the gateway's refund id (API Pix: the devolucao id is the gateway's) is matched by
// it alone. One the provider names only by its own id (Efí's Open Finance devolucoes) is matched by
// the provider refund id stored for it, else by order and amount: the n-th unlinked devolucao of
// an amount the provider lists is the n-th pending refund of that amount the gateway asked for
// (those the provider took first, then by creation). What matches nothing is money the PSP moved
// on its own (lib/refunds/record-provider-refund books it).
import type { RefundRecord } from "../db/refunds";
import type { ProviderRefund } from "../providers/contract/payment-provider";
import { isPending } from "../transactions/statuses";

type StoredRefund = Pick<
  RefundRecord,
  "id" | "status" | "amountCents" | "providerRefundId" | "isSubmitted" | "createdAt"
>;

export type MatchedRefund<Refund> = {
  refund: Refund;
  /** The report, under the stored refund's id. */
  report: ProviderRefund & { refundId: string };
};

export function matchProviderRefunds<Refund extends StoredRefund>(
  stored: Refund[],
  reports: ProviderRefund[],
): { matched: MatchedRefund<Refund>[]; unmatched: ProviderRefund[] } {
  const claimed = new Set<string>();
  const matched: MatchedRefund<Refund>[] = [];
  const byOrder: ProviderRefund[] = [];
  const unmatched: ProviderRefund[] = [];
  const claim = (refund: Refund, report: ProviderRefund) => {
    claimed.add(refund.id);
    matched.push({ refund, report: { ...report, refundId: refund.id } });
  };

  for (const report of reports) {
    const found =
      report.refundId !== null
        ? stored.find((refund) => refund.id === report.refundId)
        : report.providerRefundId !== null
          ? stored.find((refund) => refund.providerRefundId === report.providerRefundId)
          : undefined;
    if (found && !claimed.has(found.id)) claim(found, report);
    else if (report.refundId === null && !found) byOrder.push(report);
    else unmatched.push(report);
  }

  const candidates = stored
    .filter((refund) => isPending(refund.status) && refund.providerRefundId === null && !claimed.has(refund.id))
    .sort(
      (a, b) =>
        Number(b.isSubmitted) - Number(a.isSubmitted) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
  for (const report of byOrder) {
    const found = candidates.find((refund) => !claimed.has(refund.id) && refund.amountCents === report.amountCents);
    if (found) claim(found, report);
    else unmatched.push(report);
  }
  return { matched, unmatched };
}
