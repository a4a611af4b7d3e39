import { describe, expect, it } from "vitest";
import { parseAmount } from "./parse-amount";

describe("parseAmount", () => {
  it.each([
    ["10.50", 1050n],
    ["10,50", 1050n],
    ["10", 1000n],
    ["10.5", 1050n],
    ["0,01", 1n],
    [" 7,00 ", 700n],
    [10.5, 1050n],
    [1234.56, 123456n],
    [0.29, 29n],
    ["99999999999.99", 9999999999999n],
  ])("reads %j as %s centavos", (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["1.234,56", /thousands separator/],
    ["10.505", /thousands separator or more than two decimals/],
    [10.505, /more than two decimals/],
    [0, /greater than zero/],
    ["0,00", /greater than zero/],
    [-1, /greater than zero/],
    ["-1", /greater than zero/],
    ["abc", /is not an amount/],
    ["1e3", /is not an amount/],
    [1e21, /is not an amount/],
    ["R$ 10", /is not an amount/],
    [undefined, /is required/],
    ["", /is required/],
    [true, /must be a number or a string/],
    [Number.NaN, /finite/],
  ])("refuses %j", (input, reason) => {
    const parsed = parseAmount(input);
    expect(parsed.ok).toBe(false);
    expect((parsed as { reason: string }).reason).toMatch(reason);
  });
});
