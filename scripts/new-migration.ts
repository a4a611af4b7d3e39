// npm run db:migration -- <name>
// Writes, for both databases, the SQL that takes the schema from prisma/migrations.snapshot.prisma
// (the models as of the last migration) to prisma/models.prisma, then moves the snapshot forward.
// The migrations are generated from one model change, so the two databases cannot drift apart;
// lib/db/schema-drift.test.ts checks what they build.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const name = process.argv[2] ?? "";
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name in lowercase letters, digits and _>");
  process.exit(2);
}

const snapshotPath = path.join(root, "prisma/migrations.snapshot.prisma");
const models = readFileSync(path.join(root, "prisma/models.prisma"), "utf8");
const snapshot = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;
if (snapshot === models) {
  console.log("prisma/models.prisma has not changed since the last migration: nothing to write");
  process.exit(0);
}

const scratch = mkdtempSync(path.join(tmpdir(), "cashier-migration-"));
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
try {
  for (const provider of ["sqlite", "postgres"] as const) {
    const schemaPath = path.join(root, "prisma", provider, "schema.prisma");
    const header = readFileSync(schemaPath, "utf8").split(models)[0];
    const from =
      snapshot === null ? ["--from-empty"] : ["--from-schema-datamodel", path.join(scratch, `${provider}.prisma`)];
    if (snapshot !== null) writeFileSync(path.join(scratch, `${provider}.prisma`), header + snapshot);
    const sql = execFileSync(
      path.join(root, "node_modules/.bin/prisma"),
      ["migrate", "diff", ...from, "--to-schema-datamodel", schemaPath, "--script"],
      {
        cwd: root,
        encoding: "utf8",
        env: {
          ...process.env,
          CASHIER_PRISMA_PROVIDER: provider,
          DATABASE_URL: provider === "sqlite" ? `file:${scratch}/x.db` : "postgresql://postgres@127.0.0.1:5432/test",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    if (!sql.replace(/^--.*$/gm, "").trim()) {
      console.log(`${provider}: no change to the database (comments only?): no migration written`);
      continue;
    }
    const dir = path.join(root, "prisma", provider, "migrations", `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`wrote ${path.relative(root, dir)}/migration.sql`);
  }
  writeFileSync(snapshotPath, models);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
