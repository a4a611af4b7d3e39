import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateClientTypes } from "./client-types";

describe("the clients' types", () => {
  it("are what the decoded OpenAPI document generates today (npm run clients:types writes them)", async () => {
    for (const [file, content] of Object.entries(await generateClientTypes())) {
      expect(readFileSync(file, "utf8"), `${file} is stale: run npm run clients:types`).toBe(content);
    }
  });
});
