import { describe, expect, it } from "vitest";
import { findAmountWarnings } from "./find-amount-warnings";

describe("findAmountWarnings", () => {
  it.each([1000, "1000", " 2500 ", 1050])("warns about the whole amount %j", (amount) => {
    expect(findAmountWarnings({ amount })).toEqual([expect.stringMatching(/amounts are in reais, not centavos/)]);
  });

  it.each([999, "999", "1000.00", 1000.5, "10,50", undefined, null, "abc", -5000])(
    "says nothing about %j",
    (amount) => {
      expect(findAmountWarnings({ amount })).toEqual([]);
    },
  );
});
