import { describe, expect, it } from "vitest";
import { queryParam } from "./query";

describe("queryParam", () => {
  it("reads a repeated parameter once, as its first value", () => {
    expect(queryParam(["po_1", "po_2"])).toBe("po_1");
    expect(queryParam("po_1")).toBe("po_1");
  });

  it("reads a blank or missing parameter as absent", () => {
    expect(queryParam("")).toBeUndefined();
    expect(queryParam("  ")).toBeUndefined();
    expect(queryParam([])).toBeUndefined();
    expect(queryParam(undefined)).toBeUndefined();
  });
});
