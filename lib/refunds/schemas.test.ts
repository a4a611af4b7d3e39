import { describe, expect, it } from "vitest";
import { createRefundSchema } from "./schemas";

const schema = createRefundSchema({ maxAmountCents: 100_000_00n });
const issues = (data: unknown) =>
  (schema.safeParse(data).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("createRefundSchema", () => {
  it("takes the deposit by id or by reference, the amount in the API's formats, a trimmed reason", () => {
    expect(schema.parse({ id: " dep_1 ", amount: "10,50", reason: "  troca " })).toEqual({
      id: "dep_1",
      amount: 1050n,
      reason: "troca",
    });
    expect(schema.parse({ reference: "pedido-1", amount: 10.5 })).toEqual({ reference: "pedido-1", amount: 1050n });
    expect(schema.parse({ reference: "pedido-1" })).toEqual({ reference: "pedido-1" });
  });

  it("wants exactly one of id and reference", () => {
    expect(issues({})).toEqual([["id", "send exactly one of id or reference, naming the paid deposit to refund"]]);
    expect(issues({ id: "dep_1", reference: "pedido-1" })).toEqual([
      ["id", "send exactly one of id or reference, naming the paid deposit to refund"],
    ]);
  });

  it("refuses a reason longer than the API Pix's descricao, or with control characters, and a bad amount", () => {
    expect(issues({ id: "dep_1", reason: "x".repeat(141) })).toEqual([["reason", "must be at most 140 characters"]]);
    expect(schema.parse({ id: "dep_1", reason: "é".repeat(140) }).reason).toHaveLength(140);
    expect(issues({ id: "dep_1", reason: "a\u0001b" })).toEqual([["reason", "must not contain control characters"]]);
    expect(issues({ id: "dep_1", amount: "0.00" }).map(([path]) => path)).toEqual(["amount"]);
    expect(issues({ id: "dep_1", amount: "100000.01" })).toEqual([["amount", "must be at most 100000.00"]]);
  });
});
