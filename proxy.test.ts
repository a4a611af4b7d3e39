import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "./proxy";

// Next.js reads a matcher as a path pattern whose only group here is a regular expression.
const runsFor = (pathname: string) => config.matcher.some((source) => new RegExp(`^${source}$`).test(pathname));

/** Every route under app/api whose handler is lib/envelope's wrapper, as its path. */
function envelopeRoutes(): string[] {
  const root = path.join(import.meta.dirname, "app");
  return readdirSync(path.join(root, "api"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .filter((file) => readFileSync(path.join(root, "api", file), "utf8").includes("withEnvelope("))
    .map((file) => `/api/${path.dirname(file).split(path.sep).join("/")}`)
    .sort();
}

describe("the paths the proxy runs for", () => {
  it("leaves out exactly the routes the envelope wrapper serves, which set their own headers", () => {
    const routes = envelopeRoutes();
    expect(routes).toContain("/api/pix");
    expect(routes).toContain("/api/status");
    for (const route of routes) expect(runsFor(route), route).toBe(false);
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
