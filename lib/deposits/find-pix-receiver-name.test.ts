import { describe, expect, it } from "vitest";
import { buildStaticBrCode } from "../pix/build-static-br-code";
import { findPixReceiverName } from "./find-pix-receiver-name";

describe("findPixReceiverName", () => {
  it("reads the receiver a bank app will show from the BR Code", () => {
    const code = buildStaticBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Cashier Sandbox",
      merchantCity: "Sao Paulo",
      amountCents: 14990n,
      txid: "ABC123",
    });
    expect(findPixReceiverName(code)).toBe("Cashier Sandbox");
  });

  it("is null for what is not a BR Code", () => {
    expect(findPixReceiverName("hello")).toBeNull();
    expect(findPixReceiverName("")).toBeNull();
  });
});
