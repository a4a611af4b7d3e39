import { describe, expect, it } from "vitest";
import { isIdOf, newId, randomAlphanumeric } from "./new-id";

describe("ids", () => {
  it("are prefixed, lowercase alphanumeric and unique", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId("dep")));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^dep_[a-z0-9]{20}$/);
  });

  it("draw every character of the alphabet", () => {
    const seen = new Set(randomAlphanumeric(5000));
    expect(seen.size).toBe(36);
  });

  it("tell an id of theirs from any other text, without a database", () => {
    expect(isIdOf("ini", newId("ini"))).toBe(true);
    for (const text of ["ini_1", `ini_${"a".repeat(19)}\u0000`, newId("dep"), `ini_${"A".repeat(20)}`, ""])
      expect(isIdOf("ini", text)).toBe(false);
  });
});
