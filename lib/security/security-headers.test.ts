import { describe, expect, it } from "vitest";
import { newNonce, securityHeaders } from "./security-headers";

const csp = (headers: Record<string, string>) => headers["content-security-policy"].split("; ");

describe("securityHeaders", () => {
  it("gives pages a nonce-only script policy, no framing and forms limited to the gateway and the merchant", () => {
    const headers = securityHeaders({
      kind: "page",
      nonce: "abc",
      isProduction: false,
      formActionOrigins: ["https://shop.example"],
    });
    expect(csp(headers)).toEqual(
      expect.arrayContaining([
        "script-src 'self' 'nonce-abc' 'strict-dynamic'",
        "style-src 'self' 'nonce-abc'",
        "form-action 'self' https://shop.example",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]),
    );
    expect(headers).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    });
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["content-security-policy"]).not.toMatch(/unsafe-inline|upgrade-insecure-requests/);
  });

  it("adds HSTS and upgrade-insecure-requests in production only", () => {
    const headers = securityHeaders({ kind: "page", nonce: "n", isProduction: true });
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(csp(headers)).toContain("upgrade-insecure-requests");
  });

  it("locks API answers and handler-written documents down to nothing, or their own style", () => {
    expect(csp(securityHeaders({ kind: "api", nonce: "n", isProduction: false }))[0]).toBe("default-src 'none'");
    expect(csp(securityHeaders({ kind: "document", nonce: "n", isProduction: false }))).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "style-src 'nonce-n'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ]),
    );
  });

  it("makes a new nonce each time", () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
