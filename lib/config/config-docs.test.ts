// docs/operating.md's configuration table is what an operator sets the gateway up from: every
// variable config.ts reads must be in it, with the default the schema really applies. The PIX_PSP_*
// variables config.ts hands on unread are the seeded account's: read-environment-account.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROVIDER_ENVIRONMENT_PREFIX, envSchema } from "./config";

type Row = { names: string[]; defaultCell: string; meaning: string };

/** The rows of the table under "## Configuration": variable names, Default and Meaning cells. */
function configurationTable(): Row[] {
  const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/operating.md"), "utf8");
  const start = guide.indexOf("\n## Configuration\n");
  expect(start, "a Configuration section in docs/operating.md").toBeGreaterThan(-1);
  const section = guide.slice(start + 1).split(/\n## /)[0];
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [names, defaultCell, meaning] = line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim());
      return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]), defaultCell, meaning };
    });
}

/** What the schema applies when the variable is unset: undefined when it has no default. */
function schemaDefault(name: string): unknown {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  const parsed = field.safeParse(undefined);
  expect(parsed.success, `${name} parses when unset`).toBe(true);
  return parsed.data;
}

/** A default as the table writes it: `60000` for 60_000, `10,30,60` for a list, none for []. */
function asDocumented(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(",");
  return String(value);
}

const normalise = (text: string) => text.replace(/_/g, "").replace(/\s*,\s*/g, ",");

describe("docs/operating.md's configuration table", () => {
  const rows = configurationTable();
  const rowOf = (name: string) => rows.find((row) => row.names.includes(name));

  it("lists every variable config.ts reads", () => {
    const names = Object.keys(envSchema.shape);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !rowOf(name))).toEqual([]);
  });

  it("shows each schema default in the Default column", () => {
    const wrong: string[] = [];
    for (const name of Object.keys(envSchema.shape)) {
      const row = rowOf(name);
      if (!row) continue; // the test above names it
      const value = schemaDefault(name);
      const cell = row.defaultCell;
      if (value === undefined) {
        // No default in the schema: `unset`, or a sentence saying what happens instead (a value
        // computed in loadConfig, or none), never a bare value that looks like a default.
        const words = cell.replace(/`[^`]*`/g, "").trim();
        if (cell !== "unset" && !/[a-z]{2,}/i.test(words)) wrong.push(`${name}: "${cell}" is no default`);
      } else {
        const shown = cell.match(/^`([^`]*)`/)?.[1] ?? cell;
        if (normalise(shown) !== normalise(asDocumented(value)))
          wrong.push(`${name}: the table says "${cell}", the schema ${asDocumented(value)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lists no variable config.ts does not read, but those it marks as the tests' and the PSP account's", () => {
    const read = new Set(Object.keys(envSchema.shape));
    const stale = rows
      .filter((row) => !row.meaning.startsWith("Tests only"))
      .flatMap((row) => row.names)
      .filter((name) => !read.has(name) && !name.startsWith(PROVIDER_ENVIRONMENT_PREFIX));
    expect(stale).toEqual([]);
  });
});
