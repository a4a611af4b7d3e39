// An unexpected failure is a 500 with an opaque id and its stack in the log, once: the same failure
// repeated within a minute is counted, not written again (issue 11: the log is not flooded).
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { withEnvelope } from "@/lib/envelope/with-envelope";
import { createTestMerchant, postSigned, readProblem } from "../support/api";
import { checkAnswer } from "../support/documented-schemas";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "error";
});

afterEach(() => vi.restoreAllMocks());

describe("unexpected errors", () => {
  it("answer 500 with an id each time, and log the stack once for repeats", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const merchant = await createTestMerchant();
    const broken = withEnvelope("broken_operation", z.object({ any: z.number() }), async () => {
      throw new Error("the same bug every time");
    });
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const response = await postSigned(broken, merchant, { any: i });
      expect(response.status).toBe(500);
      // What any operation answers for its own unexpected fault, as its 5XX documents it.
      await checkAnswer("/api/pix", response);
      ids.push((await readProblem(response)).detail);
    }
    expect(new Set(ids).size).toBe(5);
    const logged = lines.filter((line) => line.includes('"unexpected error"'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("the same bug every time");
  });
});
