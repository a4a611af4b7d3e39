import { describe, expect, it } from "vitest";
import { coarseDeliveryError, readDeliveryErrorCode } from "./delivery-errors";

describe("readDeliveryErrorCode", () => {
  it("reads a stored code, and nothing from an attempt stored before codes or with an unknown one", () => {
    expect(readDeliveryErrorCode("timeout")).toBe("timeout");
    expect(readDeliveryErrorCode("no_callback_url")).toBe("no_callback_url");
    expect(readDeliveryErrorCode(null)).toBeNull();
    expect(readDeliveryErrorCode("ECONNREFUSED")).toBeNull();
  });
});

describe("coarseDeliveryError", () => {
  it("says a refused or unresolved address alike, and a timeout, refusal or TLS failure alike", () => {
    const notAllowed = coarseDeliveryError("address_not_public", "refused: localhost resolves to 127.0.0.1 (loopback)");
    expect(coarseDeliveryError("host_unresolved", "cannot resolve intranet.corp: ENOTFOUND")).toBe(notAllowed);
    expect(notAllowed).toMatch(/^address not allowed/);
    expect(notAllowed).not.toMatch(/127\.0\.0\.1|loopback/);
    const unanswered = coarseDeliveryError("connection_failed", "ECONNREFUSED: connect ECONNREFUSED 8.8.8.8:443");
    expect(coarseDeliveryError("timeout", "no answer within 10000 ms")).toBe(unanswered);
    expect(unanswered).toMatch(/^no answer/);
  });

  it("keeps how to set a missing URL, and a text stored before codes were", () => {
    expect(coarseDeliveryError("no_callback_url", "run cashier merchant update")).toBe("run cashier merchant update");
    expect(coarseDeliveryError(null, "old text")).toBe("old text");
  });
});
