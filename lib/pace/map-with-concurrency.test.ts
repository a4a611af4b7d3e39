import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { mapWithConcurrency } from "./map-with-concurrency";

describe("mapWithConcurrency", () => {
  it("never has more than the limit under way, keeps every worker busy, and answers in the items' order", async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 20 }, (_, i) => i);
    const results = await mapWithConcurrency(items, 8, async (item) => {
      most = Math.max(most, ++running);
      // Uneven durations: a finished call frees its place for the next item at once.
      await sleep(item % 3 === 0 ? 20 : 5);
      running--;
      return item * 2;
    });
    expect(most).toBe(8);
    expect(results).toEqual(items.map((item) => item * 2));
  });

  it("runs fewer workers than the limit for fewer items, and nothing for none", async () => {
    let calls = 0;
    expect(await mapWithConcurrency([], 8, async () => ++calls)).toEqual([]);
    expect(await mapWithConcurrency(["a", "b"], 8, async (item) => item.toUpperCase())).toEqual(["A", "B"]);
  });

  it("starts nothing more after a failure and throws it once the calls under way have ended", async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      if (item === 1) throw new Error("PSP down");
      await sleep(20);
      finished.push(item);
      return item;
    });
    await expect(run).rejects.toThrow("PSP down");
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([0]);
  });

  it("refuses a limit below one", async () => {
    await expect(mapWithConcurrency([1], 0, async (item) => item)).rejects.toThrow(RangeError);
  });
});
