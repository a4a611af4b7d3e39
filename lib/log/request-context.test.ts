import { describe, expect, it } from "vitest";
import { currentRequestId, outsideRequest, runInRequest } from "./request-context";

describe("the request context", () => {
  it("follows the request's work across awaits and timers, and stays with it alone", async () => {
    const seen: (string | null)[] = [];
    await Promise.all(
      ["req-a", "req-b"].map((requestId) =>
        runInRequest({ requestId }, async () => {
          await new Promise((resolve) => setTimeout(resolve, requestId === "req-a" ? 20 : 5));
          seen.push(currentRequestId());
        }),
      ),
    );
    expect(seen.sort()).toEqual(["req-a", "req-b"]);
    expect(currentRequestId()).toBeNull();
  });

  it("leaves out what a request starts to outlive it", async () => {
    const later = await runInRequest({ requestId: "req-first" }, () =>
      outsideRequest(() => new Promise<string | null>((resolve) => setTimeout(() => resolve(currentRequestId()), 5))),
    );
    expect(later).toBeNull();
  });
});
