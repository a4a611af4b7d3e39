import { describe, expect, it } from "vitest";
import { paceCalls } from "./pace-calls";

/** A clock that only moves when told: each sleep is recorded as the time its call goes through. */
function fakeClock() {
  const clock = { time: 0, passedAt: [] as number[] };
  return {
    clock,
    now: () => clock.time,
    sleep: async (ms: number) => void clock.passedAt.push(clock.time + ms),
  };
}

describe("paceCalls", () => {
  it("lets the first call through at once and spaces the rest evenly, however many wait together", async () => {
    const fake = fakeClock();
    const pace = paceCalls(4, fake);
    await Promise.all(Array.from({ length: 5 }, () => pace()));
    // The first went through without sleeping; the others at 250 ms steps.
    expect(fake.clock.passedAt).toEqual([250, 500, 750, 1000]);
  });

  it("does not save up: after a pause, calls are spaced again from the first", async () => {
    const fake = fakeClock();
    const pace = paceCalls(10, fake);
    await pace();
    fake.clock.time = 5000;
    await Promise.all([pace(), pace(), pace()]);
    expect(fake.clock.passedAt).toEqual([5100, 5200]);
  });
});
