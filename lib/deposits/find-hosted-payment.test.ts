import { describe, expect, it } from "vitest";
import { type HostedPayment, merchantReturnUrl } from "./find-hosted-payment";

function payment(deposit: Partial<HostedPayment["deposit"]>, state: HostedPayment["state"]): HostedPayment {
  return {
    deposit: {
      id: "dep_123",
      operation: "gateway_in",
      successRedirectUrl: null,
      failedRedirectUrl: null,
      returnUrl: null,
      ...deposit,
    } as HostedPayment["deposit"],
    merchantName: "Loja",
    merchantLogoUrl: null,
    state,
    isSimulated: true,
    shopOrigin: null,
    refundedCents: 0n,
  };
}

describe("the way back to the shop", () => {
  it("tells a Gateway In shop how the payment stands, keeping the query its URL had", () => {
    const back = (state: HostedPayment["state"], returnUrl = "https://shop.example/caixa?pedido=42&x=a%20b#fim") =>
      merchantReturnUrl(payment({ returnUrl }, state));
    expect(back("paid")).toBe("https://shop.example/caixa?pedido=42&x=a%20b&status=paid&deposit_id=dep_123#fim");
    expect(back("failed")).toBe("https://shop.example/caixa?pedido=42&x=a%20b&status=failed&deposit_id=dep_123#fim");
    expect(back("expired")).toContain("status=failed&deposit_id=dep_123");
    // Left before the payment ended: the deposit may still be paid, and the callback will say so.
    expect(back("open")).toContain("status=canceled&deposit_id=dep_123");
    expect(back("paid", "https://shop.example/caixa")).toBe(
      "https://shop.example/caixa?status=paid&deposit_id=dep_123",
    );
    // The gateway's two names are its own: the shop's values for them are replaced, never doubled.
    expect(back("paid", "https://shop.example/?status=x&deposit_id=y&a=1")).toBe(
      "https://shop.example/?a=1&status=paid&deposit_id=dep_123",
    );
  });

  it("sends a Payment Initiation to its success or failure URL as the merchant gave it", () => {
    const urls = {
      operation: "payment_initiation",
      successRedirectUrl: "https://shop.example/ok",
      failedRedirectUrl: "https://shop.example/falhou",
    } as const;
    expect(merchantReturnUrl(payment(urls, "paid"))).toBe("https://shop.example/ok");
    expect(merchantReturnUrl(payment(urls, "open"))).toBe("https://shop.example/falhou");
    expect(merchantReturnUrl(payment({ returnUrl: "not a url" }, "paid"))).toBeNull();
  });
});
