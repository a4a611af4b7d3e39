import { describe, expect, it } from "vitest";
import { redirectUrlProblem } from "./check-redirect-url";

const open = { allowedOrigins: [], isProduction: false };

describe("redirectUrlProblem", () => {
  it("accepts https anywhere when the merchant registered no origins", () => {
    expect(redirectUrlProblem("https://shop.example/ok?order=1", open)).toBeNull();
  });

  it("accepts plain http for localhost outside production only", () => {
    expect(redirectUrlProblem("http://localhost:4000/ok", open)).toBeNull();
    expect(redirectUrlProblem("http://127.0.0.1:4000/ok", open)).toBeNull();
    expect(redirectUrlProblem("http://localhost:4000/ok", { ...open, isProduction: true })).toBe("must use https");
    expect(redirectUrlProblem("http://shop.example/ok", open)).toMatch(/^must use https \(plain http is accepted only for localhost/);
  });

  it("refuses what is not an absolute web URL", () => {
    expect(redirectUrlProblem("/ok", open)).toMatch(/absolute URL/);
    expect(redirectUrlProblem("javascript:alert(1)", open)).toBe("must use https");
    expect(redirectUrlProblem("https://user:pw@shop.example/", open)).toMatch(/user name or password/);
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
