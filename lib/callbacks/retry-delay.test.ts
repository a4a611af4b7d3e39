import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config";
import { retryDelayMs } from "./retry-delay";

describe("retryDelayMs", () => {
  it("follows the schedule, lengthened by at most a fifth", () => {
    expect(retryDelayMs([10, 60], 0, () => 0)).toBe(10_000);
    expect(retryDelayMs([10, 60], 1, () => 0.999)).toBe(71_988);
    expect(retryDelayMs([10, 60], 2, () => 0.5)).toBeNull();
  });

  it("by default keeps retrying for more than 24 hours, even with no jitter", () => {
    const { retrySchedule } = loadConfig({ CASHIER_ENCRYPTION_KEY: "ab".repeat(32) }).callbacks;
    let total = 0;
    for (let step = 0; ; step++) {
      const delay = retryDelayMs(retrySchedule, step, () => 0);
      if (delay === null) break;
      total += delay;
    }
    expect(total).toBeGreaterThan(24 * 3600 * 1000);
  });

  it("reads CALLBACK_RETRY_SCHEDULE and names it when it is wrong", () => {
    const key = { CASHIER_ENCRYPTION_KEY: "ab".repeat(32) };
    expect(loadConfig({ ...key, CALLBACK_RETRY_SCHEDULE: "1, 2,3" }).callbacks.retrySchedule).toEqual([1, 2, 3]);
    expect(() => loadConfig({ ...key, CALLBACK_RETRY_SCHEDULE: "1,x" })).toThrow(
      /CALLBACK_RETRY_SCHEDULE: must be whole seconds/,
    );
  });
});
