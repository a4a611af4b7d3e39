import { describe, expect, it } from "vitest";
import { readDeliveryErrorCode } from "./delivery-errors";

describe("readDeliveryErrorCode", () => {
  it("reads a stored code, and nothing from an attempt stored before codes or with an unknown one", () => {
    expect(readDeliveryErrorCode("timeout")).toBe("timeout");
    expect(readDeliveryErrorCode("no_callback_url")).toBe("no_callback_url");
    expect(readDeliveryErrorCode(null)).toBeNull();
    expect(readDeliveryErrorCode("ECONNREFUSED")).toBeNull();
  });
});
