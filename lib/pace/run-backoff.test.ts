import { describe, expect, it } from "vitest";
import { RunBackoff, runsWithin } from "./run-backoff";

const id = (item: string) => item;

/** Which runs, of `runs`, check "x" when it fails every time it is checked. */
function checkedRuns(backoff: RunBackoff, runs: number): number[] {
  const checked: number[] = [];
  for (let run = 1; run <= runs; run++) {
    if (backoff.due(["x"], id).includes("x")) {
      checked.push(run);
      backoff.failed("x");
    }
  }
  return checked;
}

describe("RunBackoff", () => {
  it("skips an id that keeps failing for 1, 2, 4… runs, up to the cap", () => {
    expect(checkedRuns(new RunBackoff(() => 30), 40)).toEqual([1, 3, 6, 11, 20, 37]);
    expect(checkedRuns(new RunBackoff(() => 3), 20)).toEqual([1, 3, 6, 10, 14, 18]);
  });

  it("checks an id again every run once it succeeds, and leaves other ids alone", () => {
    const backoff = new RunBackoff(() => 30);
    expect(backoff.due(["x", "y"], id)).toEqual(["x", "y"]);
    backoff.failed("x");
    backoff.failed("x");
    expect(backoff.due(["x", "y"], id)).toEqual(["y"]);
    expect(backoff.due(["x", "y"], id)).toEqual(["y"]);
    expect(backoff.due(["x", "y"], id)).toEqual(["x", "y"]);
    backoff.succeeded("x");
    expect(backoff.due(["x", "y"], id)).toEqual(["x", "y"]);
  });

  it("forgets an id that is no longer pending", () => {
    const backoff = new RunBackoff(() => 30);
    backoff.failed("x");
    expect(backoff.due(["y"], id)).toEqual(["y"]);
    expect(backoff.due(["x", "y"], id)).toEqual(["x", "y"]);
  });

  it("a page at a time: asking about one page forgets nothing of another's, until forgetAllBut", () => {
    const backoff = new RunBackoff(() => 30);
    backoff.failed("x");
    // Another page's turn, as reconciliation takes its pending deposits 500 at a time.
    expect(backoff.isDue("y")).toBe(true);
    expect(backoff.isDue("x")).toBe(false);
    expect(backoff.isDue("x")).toBe(true);
    backoff.failed("x");
    backoff.failed("x");
    backoff.forgetAllBut(new Set(["x", "y"]));
    expect(backoff.isDue("x")).toBe(false);
    backoff.forgetAllBut(new Set(["y"]));
    expect(backoff.isDue("x")).toBe(true);
  });
});

describe("runsWithin", () => {
  it("is the runs of an interval within the delay, at least one", () => {
    expect(runsWithin(30 * 60_000, 60_000)).toBe(30);
    expect(runsWithin(30 * 60_000, 7_000)).toBe(258);
    expect(runsWithin(30 * 60_000, 3_600_000)).toBe(1);
  });
});
