import { describe, expect, it } from "vitest";
import { lastDays } from "./summarize-daily-activity";

describe("lastDays", () => {
  it("ends on today in Brasília, which is still yesterday in UTC until 03:00", () => {
    expect(lastDays(new Date("2026-11-23T02:59:59Z"), 3)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(lastDays(new Date("2026-11-23T03:00:00Z"), 3)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
  });

  it("crosses months and years, oldest first", () => {
    const days = lastDays(new Date("2027-01-01T12:00:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-12-03");
    expect(days.at(-1)).toBe("2027-01-01");
  });
});
