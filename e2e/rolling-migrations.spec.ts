// Issue 38: migrations that roll. An instance told not to migrate (CASHIER_MIGRATE_ON_START=false)
// refuses to start on a database that lacks this version's migrations, naming the deploy step;
// `db migrate` is that step, and applies each migration once; then the same start serves.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type GatewayProcess, hasTestPostgres, startGateway, startUntilExit } from "../test/support/gateway-process";
import { runTool } from "../test/support/run-tool";
import { type TestDatabase, createTestDatabase } from "../test/support/test-database";
import { E2E_PORT } from "./environment";

const root = path.resolve(import.meta.dirname, "..");

const targets = [
  { database: "sqlite" as const, port: E2E_PORT + 36 },
  { database: "postgres" as const, port: E2E_PORT + 37 },
];

for (const target of targets) {
  test(`${target.database}: without migrating on start, a fresh database refuses the start until db migrate`, async () => {
    test.skip(
      target.database === "postgres" && !hasTestPostgres(),
      "TEST_POSTGRES_URL is not set (postgresql://postgres@127.0.0.1:5432/test): the PostgreSQL case needs a server",
    );
    test.setTimeout(600_000);
    const migrations = readdirSync(path.join(root, "prisma", target.database, "migrations"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-rolling-"));
    // Nothing sorts before the first migration: a database no release has migrated yet.
    const database: TestDatabase = await createTestDatabase(target.database, { before: migrations[0] });
    const env = {
      DATABASE_URL: database.url,
      CASHIER_DATA_DIR: dir,
      CASHIER_ENV: "test",
      CASHIER_MIGRATE_ON_START: "false",
      CASHIER_SEED_DEMO: "false",
      PORT: String(target.port),
    };
    const cashier = async (...args: string[]) => {
      const { code, stdout, stderr } = await runTool("cashier", args, env);
      return { code, stderr, result: stdout ? (JSON.parse(stdout) as Record<string, string[]>) : null };
    };
    let gateway: GatewayProcess | null = null;
    try {
      const refused = await startUntilExit(env);
      expect(refused.code, refused.output).not.toBe(0);
      expect(refused.code, refused.output).not.toBeNull();
      expect(refused.output).toContain("npm run cashier -- db migrate");
      expect(refused.output).toContain(migrations[0]);
      expect(refused.output).not.toContain("Ready in");
      // Any other command refuses the same way.
      const refusedCommand = await cashier("merchant", "list");
      expect(refusedCommand.code).toBe(1);
      expect(refusedCommand.stderr).toContain("npm run cashier -- db migrate");

      // db status is a deploy gate: 1 while anything is pending.
      const before = await cashier("db", "status");
      expect(before).toMatchObject({ code: 1, result: { applied: [], pending: migrations } });

      const migrated = await cashier("db", "migrate");
      expect(migrated).toMatchObject({ code: 0, result: { applied: migrations } });
      const after = await cashier("db", "status");
      expect(after).toMatchObject({ code: 0, result: { applied: migrations, pending: [] } });

      gateway = await startGateway({ database: "sqlite", port: target.port, env });
      expect(gateway.output()).toContain("(up to date)");
      expect((await fetch(`${gateway.url}/api/health/ready`)).status).toBe(200);
      expect(JSON.parse(await gateway.cashier("merchant", "list"))).toEqual([]);

      // Migrating again finds nothing to do, with instances serving.
      expect(await cashier("db", "migrate")).toMatchObject({ code: 0, result: { applied: [] } });
    } finally {
      await gateway?.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
