import { spawnSync } from "node:child_process";
import { defineConfig } from "vitest/config";

// The integration suite runs once per database: always on SQLite, and on PostgreSQL when
// TEST_POSTGRES_URL names a server (scripts/test.ts says so loudly when it does not).
const integration = (database: "sqlite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${database}`,
    include: ["test/integration/**/*.test.ts"],
    setupFiles: ["test/support/setup-integration.ts"],
    env: { TEST_DATABASE: database },
    // npm test runs the end-to-end suite beside this one on two cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

// Issue 40: the PostgreSQL smoke and the soak's invariants again, through PgBouncer in transaction
// mode (DATABASE_POOL_MODE=transaction), when a pgbouncer binary runs here: PGBOUNCER, else on the
// PATH (test/support/pgbouncer.ts; .ci/run provides one and requires it).
const hasPgBouncer = spawnSync(process.env.PGBOUNCER || "pgbouncer", ["--version"], { stdio: "ignore" }).status === 0;
if (!hasPgBouncer && process.env.CASHIER_REQUIRE_PGBOUNCER === "1")
  throw new Error("CASHIER_REQUIRE_PGBOUNCER=1 but no pgbouncer runs: set PGBOUNCER or put it on the PATH");
const throughPgBouncer = {
  extends: true as const,
  test: {
    name: "integration-pgbouncer",
    include: ["sandbox", "status", "refunds", "callbacks", "soak-invariants", "merchant-balances"].map(
      (name) => `test/integration/${name}.test.ts`,
    ),
    globalSetup: ["test/support/pgbouncer-setup.ts"],
    setupFiles: ["test/support/setup-integration.ts"],
    env: { TEST_DATABASE: "pgbouncer" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { CASHIER_ENV: "test", LOG_LEVEL: "silent", CASHIER_SEED_DEMO: "false" },
    globalSetup: ["test/support/global-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["proxy.test.ts", "lib/**/*.test.ts", "scripts/**/*.test.ts"],
          // What starts a PSP simulator or compiles TypeScript is the contract project's.
          exclude: ["**/*.contract.test.ts", "**/node_modules/**"],
          // The default 5 s is a test that fails on a busy machine without a defect.
          testTimeout: 20_000,
          // One module graph per worker, not per file: most of the loop's CPU went to loading the
          // same modules 60 times. A test that changes the environment the modules read at load
          // resets them (vi.resetModules) after it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["lib/**/*.contract.test.ts", "test/conformance/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      integration("sqlite"),
      ...(process.env.TEST_POSTGRES_URL ? [integration("postgres")] : []),
      ...(process.env.TEST_POSTGRES_URL && hasPgBouncer ? [throughPgBouncer] : []),
    ],
  },
});
