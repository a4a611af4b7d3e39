import { describe, expect, it } from "vitest";
import { hasAmount } from "./has-amount";

describe("hasAmount", () => {
  it("is false only for a Gateway In link whose customer has not typed the amount (zero)", () => {
    expect(hasAmount({ amountCents: 0n })).toBe(false);
    expect(hasAmount({ amountCents: 1n })).toBe(true);
    // A payout or refund is stored positive; a ledger change may be negative: both are amounts.
    expect(hasAmount({ amountCents: -150n })).toBe(true);
  });
});
