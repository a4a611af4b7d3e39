import { describe, expect, it } from "vitest";
import { newEndToEndId } from "./new-end-to-end-id";

describe("newEndToEndId", () => {
  it("has the manual's shape: E, ISPB, UTC minute, 11 alphanumerics", () => {
    const id = newEndToEndId("00000000", new Date("2026-11-22T20:45:59Z"));
    expect(id).toMatch(/^E00000000202611222045[a-z0-9]{11}$/);
    expect(id).toHaveLength(32);
  });
});
