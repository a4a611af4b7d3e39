// The production build can hold several copies of app-error.ts (one per server chunk): an
// AppError thrown by an adapter built in one chunk must still be told apart in another, or the
// route rethrows it and the customer or merchant gets a 500. A fresh module graph stands in for a
// second chunk.
import { describe, expect, it, vi } from "vitest";
import { AppError, isAppError } from "./app-error";
import { toAppError } from "./to-app-error";
import { toFormFailure } from "./to-form-failure";

async function importSecondCopy(): Promise<typeof import("./app-error")> {
  vi.resetModules();
  return import("./app-error");
}

describe("AppError across copies of its module", () => {
  it("is recognised by isAppError, toAppError and toFormFailure of another copy", async () => {
    const copy = await importSecondCopy();
    expect(copy.AppError).not.toBe(AppError);
    const thrown = new copy.AppError("provider_unavailable", "Efí did not answer");
    expect(thrown instanceof AppError).toBe(false);
    expect(isAppError(thrown)).toBe(true);
    expect(toAppError(thrown)).toBe(thrown);
    expect(toFormFailure(thrown)).toMatchObject({ code: "provider_unavailable", detail: "Efí did not answer" });
    expect(copy.isAppError(new AppError("not_found", "no such deposit"))).toBe(true);
  });

  it("is not claimed for other errors that look alike", () => {
    const lookalike = Object.assign(new Error("x"), { name: "AppError", code: "not_found", status: 404 });
    expect(isAppError(lookalike)).toBe(false);
    expect(isAppError(null)).toBe(false);
    expect(isAppError("AppError")).toBe(false);
    expect(toAppError(lookalike)).toBeNull();
  });
});
