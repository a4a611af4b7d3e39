import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isClientAbort, toLogLine } from "./capture-console";

describe("capture-console", () => {
  it("knows a client's abort from any other error", () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const cut = Object.assign(new Error("cut"), { name: "ResponseAborted" });
    expect(isClientAbort(aborted)).toBe(true);
    expect(isClientAbort(cut)).toBe(true);
    expect(isClientAbort(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(false);
    expect(isClientAbort(new Error("aborted"))).toBe(false);
    expect(isClientAbort("aborted")).toBe(false);
  });

  it("makes one call one line: the first line the message, the stack a field, addresses redacted", () => {
    const error = new Error("no payment at /pay/Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e");
    const { message, fields } = toLogLine([" ⨯", error]);
    expect(message).toBe("⨯ no payment at /pay/{token}");
    expect(fields.source).toBe("console");
    expect(String(fields.error)).toMatch(/^Error: no payment at \/pay\/\{token\}\n\s+at /);
    expect(JSON.stringify(fields)).not.toContain("Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e");
    expect(toLogLine(["\u001b[32m✓\u001b[39m Ready"]).message).toBe("✓ Ready");
    expect(toLogLine(["warming up %d routes\nsecond line", 3])).toEqual({
      message: "warming up 3 routes",
      fields: { source: "console", detail: "second line" },
    });
  });
});

describe("captureConsole", () => {
  let lines: string[];
  beforeEach(() => {
    vi.stubEnv("LOG_LEVEL", "info");
    vi.resetModules();
    lines = [];
    const record = (chunk: string | Uint8Array) => (lines.push(String(chunk)), true);
    vi.spyOn(process.stdout, "write").mockImplementation(record);
    vi.spyOn(process.stderr, "write").mockImplementation(record);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("writes every console call as one JSON line, drops a client's abort, and an error repeated once a minute", async () => {
    const saved = { ...console };
    try {
      (await import("./capture-console")).captureConsole();
      console.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      console.log("ready");
      for (let i = 0; i < 3; i++) console.error(new Error("render failed"));
      console.warn("slow", { ms: 12 });
    } finally {
      Object.assign(console, saved);
    }
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => line.endsWith("}\n") && line.indexOf("\n") === line.length - 1)).toBe(true);
    expect(parsed.map((line) => [line.level, line.msg])).toEqual([
      ["info", "ready"],
      ["error", "render failed"],
      ["warn", "slow { ms: 12 }"],
    ]);
  });
});
