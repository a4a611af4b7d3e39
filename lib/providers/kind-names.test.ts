// Issue 23: a second PSP must not touch the domain. Nothing outside lib/providers/ names a kind
// of provider: each kind declares itself in its folder, lib/providers/kinds lists what an
// operator may store, and everything else asks for a capability.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROVIDER_KINDS } from "./kinds/provider-kinds";

const root = path.resolve(import.meta.dirname, "../..");

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith("lib/providers/") && !file.startsWith("lib/db/generated/"));
}

describe("provider kinds", () => {
  it("are named only inside lib/providers/", () => {
    const named = new RegExp(`["'\`](${PROVIDER_KINDS.map((kind) => kind.kind).join("|")})["'\`]`);
    const files = ["app", "components", "lib", "scripts"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => named.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
