import { describe, expect, it } from "vitest";
import { filtersOf, transactionListSearch, transactionQuerySchema } from "./console-schemas";
import { decodeCursor, encodeCursor } from "../listing/query";

describe("the console's transaction query", () => {
  it("takes what the filter form sends, blank fields as absent and repeated ones once", () => {
    const query = transactionQuerySchema.parse({
      type: "deposit",
      status: ["paid", "failed"],
      merchant: "",
      q: "  pedido-1  ",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(query).toEqual({ type: "deposit", status: "paid", q: "pedido-1", from: "2026-11-01", to: "2026-11-30" });
  });

  it("names each field it refuses", () => {
    const result = transactionQuerySchema.safeParse({
      type: "chargeback",
      from: "2026-13-45",
      to: "yesterday",
      after: "not-a-cursor",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual(["after", "from", "to", "type"]);
  });

  it("refuses a day that does not exist", () => {
    expect(transactionQuerySchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    // PostgreSQL refuses to compare text holding a NUL: named here instead of a 500 there.
    for (const q of ["a\u0000b", "\ud800"]) {
      const refused = transactionQuerySchema.safeParse({ q });
      expect(refused.success, q).toBe(false);
      expect(refused.error?.issues[0]).toMatchObject({ path: ["q"], message: expect.stringMatching(/NUL|surrogate/) });
    }
    expect(transactionQuerySchema.safeParse({ from: "2028-02-29" }).success).toBe(true);
  });

  it("refuses a start date after the end date", () => {
    const result = transactionQuerySchema.safeParse({ from: "2026-11-30", to: "2026-11-01" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["from"]);
  });

  it("reads back the row a cursor was made from, to the millisecond", () => {
    const keyset = { createdAt: new Date("2026-11-22T23:30:08.123Z"), id: "dep_0123456789abcdefghij" };
    expect(decodeCursor(encodeCursor(keyset))).toEqual(keyset);
    expect(transactionQuerySchema.parse({ after: encodeCursor(keyset) }).after).toEqual(keyset);
    expect(decodeCursor("x.dep_1; DROP TABLE")).toBeNull();
  });

  it("writes a list's address from its filters, without the page", () => {
    const query = transactionQuerySchema.parse({
      q: "maria@example.com",
      type: "refund",
      after: encodeCursor({ createdAt: new Date(0), id: "rfd_a" }),
    });
    expect(transactionListSearch(filtersOf(query))).toBe("?type=refund&q=maria%40example.com");
    expect(transactionListSearch(filtersOf(query), { after: "abc" })).toBe(
      "?type=refund&q=maria%40example.com&after=abc",
    );
    expect(transactionListSearch({})).toBe("");
  });
});
