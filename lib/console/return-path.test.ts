import { describe, expect, it } from "vitest";
import { loginPathFor, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a console path and its query", () => {
    expect(safeReturnPath("/console/transactions?status=paid")).toBe("/console/transactions?status=paid");
    expect(safeReturnPath("/console")).toBe("/console");
    expect(safeReturnPath("/console/transactions/dep_123")).toBe("/console/transactions/dep_123");
  });

  it("drops a fragment and normalises dot segments that stay under /console", () => {
    expect(safeReturnPath("/console/keys#x")).toBe("/console/keys");
    expect(safeReturnPath("/console/a/../keys")).toBe("/console/keys");
  });

  it.each([
    ["a protocol-relative host", "//evil.com"],
    ["a protocol-relative host under /console", "//evil.com/console"],
    ["a backslash read as a slash", "/\\evil.com"],
    ["a backslash after the first slash", "/console\\..\\..\\evil"],
    ["an absolute URL", "https://evil.com/console"],
    ["a javascript URL", "javascript:alert(1)"],
    ["a relative path", "console/keys"],
    ["a path outside the console", "/pay/abc"],
    ["a prefix that is not the console", "/consoleevil"],
    ["dot segments leaving the console", "/console/../api/health"],
    ["encoded dot segments leaving the console", "/console/%2e%2e/pay"],
    ["a tab", "/console/\tkeys"],
    ["a newline", "/console/keys\n"],
    ["a NUL", "/console/keys\u0000"],
    ["a DEL", "/console/\u007fkeys"],
    ["a C1 control", "/console/\u0085keys"],
    ["a space", "/console/ keys"],
    ["the login page", "/console/login?next=/console"],
    ["a setup link", "/console/setup/abc"],
    ["the forgotten password page", "/console/forgot-password"],
    ["a reset link", "/console/password-reset/abc"],
    ["nothing", ""],
    ["a very long path", `/console/${"a".repeat(2100)}`],
  ])("refuses %s", (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("refuses what is not text", () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/console/keys"])).toBeNull();
  });
});

describe("loginPathFor", () => {
  it("carries the page asked for, encoded, and nothing for the overview or a refused path", () => {
    expect(loginPathFor("/console/transactions?status=paid")).toBe(
      "/console/login?next=%2Fconsole%2Ftransactions%3Fstatus%3Dpaid",
    );
    expect(loginPathFor("/console")).toBe("/console/login");
    expect(loginPathFor("//evil.com")).toBe("/console/login");
    expect(loginPathFor(null)).toBe("/console/login");
  });
});
