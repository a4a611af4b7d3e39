import { expect, it } from "vitest";
import { formatTimeLeft } from "./format-time-left";

it("writes seconds as minutes and two-digit seconds", () => {
  expect([1796, 600, 59, 0].map(formatTimeLeft)).toEqual(["29:56", "10:00", "0:59", "0:00"]);
});
