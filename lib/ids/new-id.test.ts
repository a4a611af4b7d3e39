import { describe, expect, it } from "vitest";
import { newId, randomAlphanumeric } from "./new-id";

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
});
