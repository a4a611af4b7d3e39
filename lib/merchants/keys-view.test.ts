import { describe, expect, it } from "vitest";
import { isRevocable, keysView } from "./keys-view";

describe("keysView", () => {
  it("lets an operator pick the merchant and manage its keys", () => {
    expect(keysView({ role: "operator" })).toEqual({ picksMerchant: true, canManage: true });
  });

  it("lets a merchant admin manage their own merchant's keys, with no merchant to pick", () => {
    expect(keysView({ role: "merchant-admin" })).toEqual({ picksMerchant: false, canManage: true });
  });

  it("offers a viewer neither a new key nor a revocation", () => {
    expect(keysView({ role: "merchant-viewer" })).toEqual({ picksMerchant: false, canManage: false });
  });
});

describe("isRevocable", () => {
  it("offers the revocation of an active key only", () => {
    expect(isRevocable({ revokedAt: null })).toBe(true);
    expect(isRevocable({ revokedAt: new Date() })).toBe(false);
  });
});
