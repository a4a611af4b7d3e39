// Writes each provider's schema from prisma/models.prisma and generates its client.
// Run by postinstall; `--check` exits non-zero when a committed schema is out of date.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// The url is never used to connect (the client goes through a driver adapter), but the CLI needs
// a literal one to read the schema; without it, it tries to download a native engine.
const providers = {
  sqlite: { provider: "sqlite", url: "file:../../data/cashier.db" },
  postgres: { provider: "postgresql", url: "postgresql://postgres@127.0.0.1:5432/test" },
} as const;

const models = readFileSync(path.join(root, "prisma/models.prisma"), "utf8");
const isCheck = process.argv.includes("--check");
const stale: string[] = [];

for (const [name, { provider, url }] of Object.entries(providers)) {
  const schemaPath = path.join(root, "prisma", name, "schema.prisma");
  const schema = `// Generated from prisma/models.prisma by scripts/generate-prisma.ts. Do not edit.

generator client {
  provider               = "prisma-client"
  output                 = "../../lib/db/generated/${name}"
  engineType             = "client"
  runtime                = "nodejs"
  moduleFormat           = "esm"
  generatedFileExtension = "ts"
  importFileExtension    = ""
}

datasource db {
  provider = "${provider}"
  url      = "${url}"
}

${models}`;
  let current = "";
  try {
    current = readFileSync(schemaPath, "utf8");
  } catch {
    // first generation
  }
  if (current !== schema) {
    if (isCheck) stale.push(path.relative(root, schemaPath));
    else writeFileSync(schemaPath, schema);
  }
  if (!isCheck) {
    execFileSync(path.join(root, "node_modules/.bin/prisma"), ["generate", "--schema", schemaPath], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CASHIER_PRISMA_PROVIDER: name, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  }
}

if (stale.length > 0) {
  console.error(`Out of date with prisma/models.prisma: ${stale.join(", ")}. Run npm run db:generate.`);
  process.exit(1);
}
