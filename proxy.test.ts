import { describe, expect, it } from "vitest";
import { envelopePaths } from "@/lib/envelope/envelope-routes";
import { config } from "./proxy";

// Next.js reads a matcher as a path pattern whose only group here is a regular expression.
const runsFor = (pathname: string) => config.matcher.some((source) => new RegExp(`^${source}$`).test(pathname));

/** The matcher lib/envelope's list makes: built assets and each envelope route's exact path left out. */
const derivedMatcher = () => {
  const operations = envelopePaths.map((path) => path.slice("/api/".length)).sort();
  return [`/((?!_next/static|_next/image|api/(?:${operations.join("|")})$).*)`];
};

describe("the paths the proxy runs for", () => {
  it("is the literal lib/envelope's list of routes makes: copy the expected value into proxy.ts", () => {
    expect(config.matcher).toEqual(derivedMatcher());
  });

  it("leaves out the routes the envelope wrapper serves, which set their own headers", () => {
    for (const route of envelopePaths) expect(runsFor(route), route).toBe(false);
  });

  it("runs for every other address: pages, the console, the API's other routes, a path beside a route", () => {
    for (const pathname of [
      "/",
      "/docs",
      "/pay/tok_123",
      "/console/login",
      "/direct/mk_1/token",
      "/api/health",
      "/api/psp/webhook/efi",
      "/pay/tok_123/status",
      "/api/pix/",
      "/api/pix/extra",
      "/api/pixel",
      "/api/nowhere",
      "/api/events/resend/x",
      "/favicon.ico",
    ])
      expect(runsFor(pathname), pathname).toBe(true);
    expect(runsFor("/_next/static/chunks/app.js")).toBe(false);
  });
});
