import { isHTTPAccessFallbackError } from "next/dist/client/components/http-access-fallback/http-access-fallback";
import { getURLFromRedirectError } from "next/dist/client/components/redirect";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { formStateArguments } from "../http/action-arguments";
import { isConsoleAction, publicConsoleAction, redirectTo } from "./console-action";

// Every module of server actions the console has: its areas' actions.ts and the shared ones beside the layout.
const actionModules = import.meta.glob<Record<string, unknown>>([
  "../../app/console/**/actions.ts",
  "../../app/console/*-actions.ts",
]);
const consoleSources = import.meta.glob<string>("../../app/console/**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("the console's server actions", () => {
  it("live only in the modules checked here", () => {
    const serverModules = Object.entries(consoleSources)
      .filter(([, source]) => /^\s*["']use server["']/m.test(source))
      .map(([path]) => path);
    expect(serverModules.length).toBeGreaterThan(5);
    expect(serverModules.sort()).toEqual(Object.keys(actionModules).sort());
  });

  it("are each made by consoleAction or publicConsoleAction", async () => {
    const unwrapped: string[] = [];
    for (const [path, load] of Object.entries(actionModules)) {
      for (const [name, value] of Object.entries(await load())) {
        if (!isConsoleAction(value)) unwrapped.push(`${path}: ${name}`);
      }
    }
    expect(unwrapped).toEqual([]);
  });
});

describe("the action's frame", () => {
  const form = new FormData();
  it("tells a wrapped action from a plain async function", () => {
    expect(isConsoleAction(publicConsoleAction<unknown>({ args: formStateArguments }, async () => "done"))).toBe(true);
    expect(isConsoleAction(async () => "done")).toBe(false);
  });

  const failing = (error: unknown) => publicConsoleAction<unknown>({}, async () => Promise.reject(error));

  it("answers a call no page makes as a 404, without running the action", async () => {
    let isRun = false;
    const action = publicConsoleAction<unknown>({}, async () => {
      isRun = true;
      return "done";
    });
    const refusal = await action("state", "not a form" as unknown as FormData).catch((error: unknown) => error);
    expect(isHTTPAccessFallbackError(refusal)).toBe(true);
    expect(isRun).toBe(false);
  });

  it("answers a refusal as the form's state, and a schema's with its fields", async () => {
    expect(await failing(new AppError("state_conflict", "already marked"))(null, form)).toEqual({
      status: "error",
      code: "state_conflict",
      detail: "already marked",
      fields: [],
    });
    const action = publicConsoleAction<unknown>({}, async () => formStateArguments.parse([null, "x"]));
    expect(await action(null, form)).toMatchObject({
      status: "error",
      code: "validation_failed",
      fields: [{ path: "1" }],
    });
  });

  it("maps a refusal into the form's own shape, and leaves the unexpected a 500", async () => {
    const action = publicConsoleAction<{ refused: string }>(
      { refusal: (failure) => ({ refused: failure.code }) },
      async () => Promise.reject(new AppError("forbidden", "no")),
    );
    expect(await action(null, form)).toEqual({ refused: "forbidden" });
    await expect(failing(new Error("disk full"))(null, form)).rejects.toThrow("disk full");
  });

  it("throws a plain form's refusal: it has no state to show it in", async () => {
    const action = publicConsoleAction<void>({ refusal: "throw" }, async () => {
      throw new AppError("forbidden", "no");
    });
    await expect(action(null, form)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("follows a success's redirect", async () => {
    const action = publicConsoleAction<unknown>({}, async () => redirectTo("/console/login"));
    const answer = await action(null, form).catch((error: unknown) => error);
    expect(isRedirectError(answer) && getURLFromRedirectError(answer)).toBe("/console/login");
  });
});
