import { describe, expect, it } from "vitest";
import { checkRedirectUrls, redirectUrlProblem } from "./check-redirect-url";

const open = { allowedOrigins: [], isProduction: false };

describe("redirectUrlProblem", () => {
  it("accepts https anywhere when the merchant registered no origins", () => {
    expect(redirectUrlProblem("https://shop.example/ok?order=1", open)).toBeNull();
  });

  it("accepts plain http for localhost outside production only", () => {
    expect(redirectUrlProblem("http://localhost:4000/ok", open)).toBeNull();
    expect(redirectUrlProblem("http://127.0.0.1:4000/ok", open)).toBeNull();
    expect(redirectUrlProblem("http://localhost:4000/ok", { ...open, isProduction: true })).toBe("must use https");
    expect(redirectUrlProblem("http://shop.example/ok", open)).toMatch(
      /^must use https \(plain http is accepted only for localhost/,
    );
  });

  it("refuses what is not an absolute web URL", () => {
    expect(redirectUrlProblem("/ok", open)).toMatch(/absolute URL/);
    expect(redirectUrlProblem("javascript:alert(1)", open)).toBe("must use https");
    expect(redirectUrlProblem("https://user:pw@shop.example/", open)).toMatch(/user name or password/);
    expect(redirectUrlProblem("https:evil.example", open)).toMatch(/absolute URL with a host/);
    expect(redirectUrlProblem("https:/evil.example", open)).toMatch(/absolute URL with a host/);
    expect(redirectUrlProblem("//evil.example/ok", open)).toMatch(/absolute URL with a host/);
  });

  it("refuses line breaks, tabs and spaces, which the URL parser would silently drop", () => {
    expect(redirectUrlProblem("https://evil.example/\r\nSet-Cookie: x=1", open)).toMatch(/control characters/);
    expect(redirectUrlProblem("https://shop.example/o\tk", open)).toMatch(/control characters/);
    expect(redirectUrlProblem("https://shop.example/o k", open)).toMatch(/spaces/);
  });

  it("in production, refuses every redirect until the merchant registers its origins", () => {
    expect(redirectUrlProblem("https://shop.example/ok", { allowedOrigins: [], isProduction: true })).toMatch(
      /no registered redirect origins; a merchant admin registers them in the console's settings \(\/console\/settings\)/,
    );
  });

  it("keeps to the registered origins when there are any", () => {
    const shop = { allowedOrigins: ["https://shop.example"], isProduction: true };
    expect(redirectUrlProblem("https://shop.example/ok", shop)).toBeNull();
    expect(redirectUrlProblem("https://evil.example/ok", shop)).toBe(
      "must be on one of the merchant's registered origins (https://shop.example), not https://evil.example",
    );
    expect(redirectUrlProblem("https://shop.example.evil.example/ok", shop)).toMatch(/registered origins/);
  });
});

describe("checkRedirectUrls", () => {
  it("answers the parser's normalised href, the form that is stored and used", () => {
    expect(checkRedirectUrls({ a: "HTTPS://Shop.Example:443/p?q=á", b: undefined }, open)).toEqual({
      a: "https://shop.example/p?q=%C3%A1",
      b: undefined,
    });
  });

  it("names every failing field in one validation error", () => {
    expect(() => checkRedirectUrls({ a: "/x", b: "https://ok.example/", c: "https:evil.example" }, open)).toThrow(
      expect.objectContaining({
        code: "validation_failed",
        fields: [expect.objectContaining({ path: "a" }), expect.objectContaining({ path: "c" })],
      }),
    );
  });
});
