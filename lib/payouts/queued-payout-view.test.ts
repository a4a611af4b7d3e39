import { describe, expect, it } from "vitest";
import type { QueuedPayout } from "./list-payout-queue";
import { queuedPayoutView } from "./queued-payout-view";

const pending = { mode: "live", isSentByProvider: false, processing: null } as QueuedPayout;
const processing = (claim: Partial<NonNullable<QueuedPayout["processing"]>>): QueuedPayout => ({
  ...pending,
  processing: { since: new Date(0), forMs: 12 * 60_000 + 59_000, outcome: null, isResumable: true, ...claim },
});

describe("queuedPayoutView", () => {
  it("offers a waiting payout's marking, with no approval when the gateway does not send it", () => {
    expect(queuedPayoutView(pending)).toEqual({
      badge: { kind: "pending" },
      isLive: true,
      offer: { kind: "mark", isResume: false, resumeOutcome: null, canApprove: false },
    });
  });

  it("badges a payout its account sends as held, and offers its approval", () => {
    expect(queuedPayoutView({ ...pending, isSentByProvider: true, mode: "sandbox" })).toMatchObject({
      badge: { kind: "held" },
      isLive: false,
      offer: { canApprove: true },
    });
  });

  it("counts whole minutes of processing, and says a send through the PSP is under way with nothing offered", () => {
    expect(queuedPayoutView(processing({ outcome: "transfer", isResumable: false }))).toEqual({
      badge: { kind: "processing", minutes: 12 },
      isLive: true,
      offer: { kind: "sending" },
    });
  });

  it("leaves a marking under way to the operator making it", () => {
    expect(queuedPayoutView(processing({ outcome: "completed", isResumable: false })).offer).toEqual({ kind: "wait" });
  });

  it("resumes a marking that stopped halfway with the outcome it claimed, never approved again", () => {
    const held = { isSentByProvider: true };
    expect(queuedPayoutView({ ...processing({ outcome: "canceled" }), ...held }).offer).toEqual({
      kind: "mark",
      isResume: true,
      resumeOutcome: "canceled",
      canApprove: false,
    });
  });
});
