import { describe, expect, it } from "vitest";
import { readRefusalReasonCode } from "./refusal-reasons";

describe("readRefusalReasonCode", () => {
  it("reads a stored code, and nothing from an attempt stored before codes or with another word", () => {
    expect(readRefusalReasonCode("declined_at_bank")).toBe("declined_at_bank");
    expect(readRefusalReasonCode("initiator_refused")).toBe("initiator_refused");
    expect(readRefusalReasonCode(null)).toBeNull();
    expect(readRefusalReasonCode("Pagamento recusado")).toBeNull();
  });
});
