// What the console's payout queue shows of each payout and what it offers the operator, decided in
// one place (as lib/hosted/payment-flow decides the hosted pages): the status badge, and whether
// the payout is being sent, is another operator's to finish, or may be marked (resuming a crashed
// marking with the outcome it claimed) and approved. The page is only a view: markQueuedPayout and
// approveQueuedPayout check the payout's state again.
import type { PayoutOutcome } from "../transactions/statuses";
import type { QueuedPayout } from "./list-payout-queue";

export type QueuedPayoutView = {
  /** Processing for so many whole minutes; held for an operator's approval; or waiting. */
  badge: { kind: "processing"; minutes: number } | { kind: "held" } | { kind: "pending" };
  isLive: boolean;
  offer:
    | { kind: "sending" }
    | { kind: "wait" }
    /**
     * The marking form: `isResume` for a marking that stopped halfway, taken up with the outcome it
     * claimed; "Aprovar" beside it for a held payout.
     */
    | { kind: "mark"; isResume: boolean; resumeOutcome: PayoutOutcome | null; canApprove: boolean };
};

export function queuedPayoutView(payout: QueuedPayout): QueuedPayoutView {
  const { processing } = payout;
  return {
    badge: processing
      ? { kind: "processing", minutes: Math.floor(processing.forMs / 60_000) }
      : { kind: payout.isSentByProvider ? "held" : "pending" },
    isLive: payout.mode === "live",
    offer:
      processing?.outcome === "transfer"
        ? { kind: "sending" }
        : processing && !processing.isResumable
          ? { kind: "wait" }
          : {
              kind: "mark",
              isResume: processing !== null,
              resumeOutcome:
                processing?.outcome === "completed" || processing?.outcome === "canceled" ? processing.outcome : null,
              canApprove: payout.isSentByProvider && !processing,
            },
  };
}
