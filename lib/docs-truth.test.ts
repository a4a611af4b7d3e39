// The docs make claims about the code that nothing else checks: which files turn money into text,
// which folders lib/ holds, which npm scripts exist, where links lead. Each is read here from the
// docs and from the code, so a change to either that makes a doc false fails.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The Markdown written for people: the README, the guides under docs/ and beside the code. */
const docs = [
  "README.md",
  "CONTRIBUTING.md",
  "ARCHITECTURE.md",
  "bench/README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Source files under the given folders, tests and generated code left out. */
function sourceFiles(...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/generated/")),
  );
}

/** The text of a section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no "${heading}" section`);
  const level = heading.indexOf(" ");
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end === -1 ? rest : rest.slice(0, end);
}

describe("ARCHITECTURE.md", () => {
  const architecture = read("ARCHITECTURE.md");

  it("names exactly the files where money becomes text", () => {
    // Centavos to text: a currency formatter, toFixed, centavos divided as a number, or the
    // centavos of a BigInt padded to two digits.
    const formatsMoney = (code: string) =>
      /Intl\.NumberFormat\([^)]*currency/.test(code) ||
      /\.toFixed\(/.test(code) ||
      /Number\([^)]*\)\s*\/\s*100\b/.test(code) ||
      (/100n/.test(code) && /padStart\(2/.test(code));
    const formatting = sourceFiles("lib", "components", "app", "clients")
      .filter((file) => formatsMoney(read(file)))
      .sort();

    const bullet = architecture.match(/\n- Money is BigInt centavos[\s\S]*?(?=\n- |\n\n)/)?.[0];
    expect(bullet, "the Data section's money bullet").toBeDefined();
    const named = [...bullet!.matchAll(/`((?:lib|components|app|clients)\/[^`]+\.tsx?)`/g)]
      .map((match) => match[1])
      .filter((file) => !file.endsWith(".test.ts"));
    expect(formatting.length).toBeGreaterThan(0);
    expect(named.sort()).toEqual(formatting);
  });

  it("has a row for every folder under lib/ in its table of where things live", () => {
    const rows = section(architecture, "## Where things live")
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split(" | ")[0]);
    const folders = readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `lib/${entry.name}/`);
    expect(folders).toContain("lib/sandbox/");
    const missing = folders.filter((folder) => !rows.some((cell) => cell.includes(`\`${folder}`)));
    expect(missing).toEqual([]);
  });
});

describe("the docs", () => {
  it("mention only npm scripts that package.json defines", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const mentioned = new Set<string>();
    for (const file of docs) {
      const text = read(file);
      for (const match of text.matchAll(/\bnpm\s+run\s+(?:(?:-s|--silent)\s+)?([a-z][\w:-]*)/g))
        mentioned.add(match[1]);
      for (const match of text.matchAll(/\bnpm\s+(start|test)\b/g)) mentioned.add(match[1]);
    }
    expect(mentioned).toContain("test:unit");
    expect(mentioned).toContain("test:integration");
    expect([...mentioned].filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("never say CALLBACK_WORKER=false stops reconciliation or deposit expiry", () => {
    // Each paragraph, list item or table row that names CALLBACK_WORKER beside reconciliation or
    // expiry must say that RECONCILE_WORKER is what governs those.
    const chunks = docs.flatMap((file) => read(file).split(/\n\s*\n|\n(?=\s*[-|*] )|\n(?=\s*\d+\. )/));
    const wrong = chunks.filter(
      (chunk) =>
        chunk.includes("CALLBACK_WORKER") && /reconcil|expir/i.test(chunk) && !chunk.includes("RECONCILE_WORKER"),
    );
    expect(wrong).toEqual([]);
    expect(read("lib/config/config.ts")).toMatch(/\bRECONCILE_WORKER:/);
  });

  it("link to files that exist and to headings those files have", () => {
    // GitHub's anchors: lowercase, punctuation dropped (letters, digits, spaces, - and _ kept),
    // spaces to hyphens.
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-");
    const anchorsOf = (file: string) =>
      new Set(
        read(file)
          .replace(/```[\s\S]*?```/g, "")
          .split("\n")
          .filter((line) => /^#{1,6} /.test(line))
          .map((line) => slug(line.replace(/^#+ /, ""))),
      );
    const broken: string[] = [];
    for (const file of docs) {
      const text = read(file).replace(/```[\s\S]*?```/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [pathPart, anchor] = target.split("#");
        const linked =
          pathPart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
        if (!existsSync(path.join(root, linked))) broken.push(`${file}: ${target} (no ${linked})`);
        else if (anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${linked})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
