import { describe, expect, it } from "vitest";
import { refundedStateOf } from "./refunded-state";

describe("refundedStateOf", () => {
  it("is null until a refund completes, partial below the amount paid, refunded at it", () => {
    expect(refundedStateOf({ amountCents: 5000n, refundedCents: 0n })).toBeNull();
    expect(refundedStateOf({ amountCents: 5000n, refundedCents: 1n })).toBe("partially_refunded");
    expect(refundedStateOf({ amountCents: 5000n, refundedCents: 4999n })).toBe("partially_refunded");
    expect(refundedStateOf({ amountCents: 5000n, refundedCents: 5000n })).toBe("refunded");
  });
});
