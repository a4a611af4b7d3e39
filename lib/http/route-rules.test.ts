import { describe, expect, it } from "vitest";
import { routeRules } from "./route-rules";

describe("routeRules for the hosted pages", () => {
  it("takes POST on the steps whose form posts to them", () => {
    for (const path of ["/pay/tok_123", "/pay/tok_123/", "/pay/tok_123/pix", "/pay/tok_123/autorizar"]) {
      expect(routeRules(path).methods, path).toEqual(["GET", "HEAD", "POST"]);
    }
  });

  it("answers a POST anywhere else under /pay with the proxy's 405 and its Allow", () => {
    for (const path of ["/pay/ajuda", "/pay/ajuda/", "/pay/tok_123/banco", "/pay/tok_123/recibo/2"]) {
      expect(routeRules(path), path).toEqual({
        kind: "page",
        methods: ["GET", "HEAD"],
        isLimited: true,
        takesActions: false,
      });
    }
  });
});

describe("routeRules for server actions", () => {
  it("has them on the console's pages only: the hosted forms are route handlers reading their own bodies", () => {
    for (const path of ["/console", "/console/login", "/console/setup/abc", "/console/nope"]) {
      expect(routeRules(path).takesActions, path).toBe(true);
    }
    for (const path of ["/pay/tok_123", "/pay/tok_123/pix", "/api/pix", "/api/nope", "/consoles", "/"]) {
      expect(routeRules(path).takesActions, path).toBe(false);
    }
  });
});
