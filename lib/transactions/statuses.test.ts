import { describe, expect, it } from "vitest";
import { payoutCallbackDataSchema } from "../payouts/schemas";
import {
  type StatusKind,
  type StatusOf,
  assertTransition,
  canTransition,
  initialDisputeStatus,
  initialStatus,
  isFinalStatus,
  parseStatus,
  payoutStatuses,
  publicPayoutStatus,
  statusesOf,
} from "./statuses";

const kinds = Object.keys(statusesOf) as StatusKind[];

/** The status a row of the kind is inserted with: a dispute's is open, every other's pending. */
const initialStatusOf = (kind: StatusKind): StatusOf<StatusKind> =>
  kind === "dispute" ? initialDisputeStatus : initialStatus;

type AnyStatus = StatusOf<StatusKind>;

function reachableFromInitial(kind: StatusKind): Set<AnyStatus> {
  const statuses: readonly AnyStatus[] = statusesOf[kind];
  const reached = new Set<AnyStatus>([initialStatusOf(kind)]);
  for (const from of reached) {
    for (const to of statuses) if (canTransition(kind, from, to)) reached.add(to);
  }
  return reached;
}

describe.each(kinds)("the %s table", (kind) => {
  const statuses: readonly AnyStatus[] = statusesOf[kind];

  it("starts at its initial status", () => {
    expect(statuses).toContain(initialStatusOf(kind));
  });

  it("has no move out of a final status", () => {
    for (const from of statuses.filter((status) => isFinalStatus(kind, status))) {
      for (const to of statuses) expect(canTransition(kind, from, to), `${from} → ${to}`).toBe(false);
    }
  });

  it("reaches every status from the initial one", () => {
    expect([...reachableFromInitial(kind)].sort()).toEqual([...statuses].sort());
  });

  it("lets every status that is not final reach a final one", () => {
    for (const from of statuses) {
      const reached = new Set([from]);
      for (const status of reached) {
        for (const to of statuses) if (canTransition(kind, status, to)) reached.add(to);
      }
      expect(
        [...reached].some((status) => isFinalStatus(kind, status)),
        from,
      ).toBe(true);
    }
  });

  it("refuses any other move as a state conflict", () => {
    expect(() => assertTransition(kind, "x_1", initialStatusOf(kind), initialStatusOf(kind))).toThrow(
      expect.objectContaining({ code: "state_conflict" }),
    );
  });

  it("reads every status it lists, and nothing else", () => {
    for (const status of statuses) expect(parseStatus(kind, status)).toBe(status);
    expect(() => parseStatus(kind, "PENDING")).toThrow(expect.objectContaining({ code: "internal_error" }));
  });
});

describe("the deposit table", () => {
  it("has no canceled deposit: no operation cancels one", () => {
    expect(() => parseStatus("deposit", "canceled")).toThrow(/unknown deposit status "canceled"/);
  });

  it("says why a final status never moves", () => {
    expect(() => assertTransition("deposit", "dep_1", "paid", "expired")).toThrow(
      "deposit dep_1 is paid and cannot become expired; a paid deposit is final and never changes",
    );
  });
});

describe("the public payout status", () => {
  const promised = ["pending", ...payoutCallbackDataSchema.shape.status.options];

  it("shows every payout status as one the interface promises", () => {
    for (const status of payoutStatuses) expect(promised).toContain(publicPayoutStatus(status));
  });

  it("shows each promised status for some payout status", () => {
    expect(new Set(payoutStatuses.map(publicPayoutStatus))).toEqual(new Set(promised));
  });
});
