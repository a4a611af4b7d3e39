import { describe, expect, it } from "vitest";
import { amountToNumber, formatAmountComma, formatAmountDot } from "./format-amount";

describe("format-amount", () => {
  it("writes centavos with a dot, with a comma, and as a number", () => {
    expect(formatAmountDot(1050n)).toBe("10.50");
    expect(formatAmountComma(1050n)).toBe("10,50");
    expect(amountToNumber(1050n)).toBe(10.5);
    expect(formatAmountDot(1n)).toBe("0.01");
    expect(formatAmountDot(0n)).toBe("0.00");
    expect(formatAmountDot(-250n)).toBe("-2.50");
  });

  it("stays exact where floats would not", () => {
    expect(formatAmountDot(123456789012345678n)).toBe("1234567890123456.78");
    expect(amountToNumber(29n)).toBe(0.29);
    expect(amountToNumber(100000000001n)).toBe(1000000000.01);
  });
});
