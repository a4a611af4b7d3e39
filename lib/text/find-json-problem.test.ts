import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, findJsonProblem } from "./find-json-problem";

const nest = (levels: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe("findJsonProblem", () => {
  it("accepts ordinary data", () => {
    expect(
      findJsonProblem({ name: "Maria", items: [{ sku: "x", qty: 2 }], note: null, emoji: "💸" }, "data"),
    ).toBeNull();
  });

  it("names the field holding a NUL or a lone surrogate, keys included", () => {
    expect(findJsonProblem({ a: { b: ["ok", "x\u0000"] } }, "data")).toEqual({
      path: "data.a.b.1",
      message: expect.stringMatching(/NUL/),
    });
    expect(findJsonProblem({ name: "\ud800" }, "data")).toEqual({
      path: "data.name",
      message: expect.stringMatching(/lone UTF-16 surrogate/),
    });
    expect(findJsonProblem({ name: "\udc00x" }, "data")?.path).toBe("data.name");
    expect(findJsonProblem({ ["k\ud800"]: 1 }, "data")).toEqual({
      path: "data",
      message: expect.stringMatching(/field name .* surrogate/),
    });
  });

  it("bounds depth and size without recursion, however deep the value", () => {
    expect(findJsonProblem(nest(MAX_JSON_DEPTH), "data")).toBeNull();
    expect(findJsonProblem(nest(MAX_JSON_DEPTH + 1), "data")?.message).toMatch(/deeper than 32/);
    expect(findJsonProblem(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), "data")?.message).toMatch(
      /deeper/,
    );
    expect(findJsonProblem({ list: Array.from({ length: 20_000 }, () => 1) }, "data")?.message).toMatch(
      /at most 10000 values/,
    );
  });
});
