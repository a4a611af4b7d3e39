import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { notJwtRoutes } from "../openapi/build-openapi-document";
import { envelopePaths } from "./envelope-routes";

const api = path.resolve("app/api");

/** Every route handler file under app/api, as its path and whether its POST is withEnvelope's. */
function routeFiles(): { path: string; isEnvelope: boolean }[] {
  return readdirSync(api, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => ({
      path: `/api/${path.dirname(file).split(path.sep).join("/")}`,
      isEnvelope: /export const POST = withEnvelope\(/.test(readFileSync(path.join(api, file), "utf8")),
    }));
}

describe("the envelope routes' list", () => {
  it("names exactly the route handlers under app/api whose POST is withEnvelope's", () => {
    const wrapped = routeFiles().filter((route) => route.isEnvelope);
    expect(wrapped.map((route) => route.path).sort()).toEqual([...envelopePaths].sort());
  });

  it("leaves out only the routes that take no signed token, which the OpenAPI document names", () => {
    const others = routeFiles().filter((route) => !route.isEnvelope);
    expect(others.map((route) => route.path)).toContain("/api/health");
    for (const route of others)
      expect(
        notJwtRoutes.some((prefix) => route.path.startsWith(prefix)),
        route.path,
      ).toBe(true);
  });
});
