// The property-based fuzz test (issue 11): a fixed seed and a few hundred cases per route on this
// file's database, SQLite or PostgreSQL: never a 5xx, and no row written for a refused request.
// `npm run fuzz` runs the same cases 10,000 at a time and prints counts by status.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestMerchant, type TestMerchant } from "../support/api";
import { type FuzzRoute, baseRequests, fuzzCase, runFuzzCase } from "../support/fuzz-cases";

vi.hoisted(() => {
  // The fuzzer is one client failing on purpose; the limits are tested in rate-limits*.test.ts.
  process.env.RATE_LIMIT_TOKEN_FAILURES = "1000000";
});

let merchant: TestMerchant;

beforeAll(async () => {
  merchant = await createTestMerchant({ name: "Loja Fuzz", redirectOrigins: ["https://shop.example"] });
});

describe("fuzz", () => {
  it.each(Object.keys(baseRequests) as FuzzRoute[])(
    "%s: 300 hostile cases, no 5xx and nothing written for a refusal",
    async (route) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fuzzCase.filter((c) => c.route === route),
          async (fuzz) => {
            const { status, rowsWritten } = await runFuzzCase(fuzz, merchant);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            expect(status).toBeLessThan(500);
            if (status >= 400) expect(rowsWritten).toBe(0);
          },
        ),
        { seed: 11, numRuns: 300 },
      );
      // The cases reach past the token into the operations' own validation.
      expect([...statuses.keys()].some((s) => s === 422 || s === 409 || (s >= 200 && s < 300) || s === 404)).toBe(true);
    },
  );
});
