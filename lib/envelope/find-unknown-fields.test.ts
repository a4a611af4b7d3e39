import { z } from "zod";
import { describe, expect, it } from "vitest";
import { findUnknownFields, requestFieldsOf } from "./find-unknown-fields";

describe("requestFieldsOf", () => {
  it("reads an object's fields through its refinements and transforms", () => {
    const object = z.object({ id: z.string(), amount: z.number() });
    expect([...requestFieldsOf(object)]).toEqual(["id", "amount"]);
    expect([...requestFieldsOf(object.refine(() => true))]).toEqual(["id", "amount"]);
    expect([...requestFieldsOf(object.transform((value) => value.id))]).toEqual(["id", "amount"]);
  });

  it("refuses a schema that is not an object", () => {
    expect(() => requestFieldsOf(z.string())).toThrow(/must be an object/);
  });
});

describe("findUnknownFields", () => {
  const fields = new Set(["reference", "amount"]);

  it("names each field the operation does not read, in the order sent", () => {
    expect(findUnknownFields({ refrence: "x", amount: "1.00", colour: "blue" }, fields)).toEqual([
      'unknown field "refrence" was ignored',
      'unknown field "colour" was ignored',
    ]);
  });

  it("says nothing when every field is known", () => {
    expect(findUnknownFields({ reference: "x", amount: 1 }, fields)).toEqual([]);
  });

  it("names at most ten, each cut to 100 characters, and counts the rest", () => {
    const data = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`${"x".repeat(120)}${i}`, i]));
    const warnings = findUnknownFields(data, fields);
    expect(warnings).toHaveLength(11);
    expect(warnings[0]).toBe(`unknown field "${"x".repeat(100)}…" was ignored`);
    expect(warnings[10]).toBe("15 more unknown fields were ignored");
  });

  it("quotes a name as JSON, so control characters and quotes stay visible", () => {
    expect(findUnknownFields({ 'a"\n': 1 }, fields)).toEqual(['unknown field "a\\"\\n" was ignored']);
  });
});
