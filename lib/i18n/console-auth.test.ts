import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { authMessages } from "./console-auth";

const libDir = path.resolve(import.meta.dirname, "..");

/** Every action the code records in the audit log: `action: "x.y"` in lib's sources. */
function auditedActions(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(libDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry) || entry.endsWith(".test.ts")) continue;
    for (const match of readFileSync(path.join(libDir, entry), "utf8").matchAll(/\baction: "([a-z_]+\.[a-z_]+)"/g))
      found.add(match[1]);
  }
  return [...found].sort();
}

describe("the audit log's words", () => {
  it("names every audited action in both languages, so no screen shows a code", () => {
    const actions = auditedActions();
    expect(actions).toContain("user.disabled");
    for (const locale of ["pt-BR", "en"] as const) {
      const missing = actions.filter((action) => !(action in authMessages[locale].audit.actions));
      expect(missing, locale).toEqual([]);
    }
  });
});
