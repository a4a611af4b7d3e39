// What both fuzzers put where a value goes (issue 11 for the API, issue 25 for the pages): text no
// field should take (NUL, lone surrogates, control characters, huge strings), values valid
// somewhere else, wrong types and arrays nested up to 5,000 deep.
import fc from "fast-check";

/**
 * Arrays nested `depth` deep in a JSON text. Neither fast-check's reports nor JSON.stringify walk
 * such a value without recursion, so it stays a marker until serialised (expandNested).
 */
export class Nested {
  constructor(readonly depth: number) {}
  toJSON(): string {
    return `__nested_${this.depth}__`;
  }
}

/** A JSON text with each Nested marker replaced by its arrays. */
export const expandNested = (json: string) =>
  json.replace(
    /"__nested_(\d+)__"/g,
    (_match, depth: string) => `${"[".repeat(Number(depth))}${"]".repeat(Number(depth))}`,
  );

export const hostileText = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "\ud800",
      "a\udc00b",
      "x\u0000y",
      "\r\nSet-Cookie: x=1",
      "\t",
      "",
      " ",
      "https:evil.example",
      "💸",
      "٣٤٥",
      "1e400",
      "-0",
      "NaN",
    ),
  },
  // Values valid somewhere, sent where they may not be.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "10,50",
      "0.01",
      "99999999.99",
      "BRL",
      "USD",
      "BR",
      "pix",
      "nubank",
      "C",
      "52998224725",
      "https://shop.example/ok",
      "203.0.113.9",
      "::1",
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(4000)),
  // Lone surrogates and NUL inside otherwise plausible text.
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom("\ud800", "\udfff", "\u0000"), fc.string({ maxLength: 10 }))
    .map((parts) => parts.join("")),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 33, max: 5000 }).map((depth) => new Nested(depth)),
);
