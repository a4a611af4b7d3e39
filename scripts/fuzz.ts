// npm run fuzz [-- --runs N --seed S --postgres]: the fuzz test's cases, 10,000 by default, against
// the route handlers on a database of their own (SQLite, or PostgreSQL on TEST_POSTGRES_URL with
// --postgres). Prints counts by route and status; exits 1 on any 5xx or any row written for a
// refused request, printing each such case.
//
// npm run fuzz -- --pages [--runs N --seed S --postgres --concurrency C --port P]: the page fuzz's
// (e2e/page-fuzz.spec.ts) named cases and N generated ones, 3,000 by default, against the
// production build (`npm run build` first) started on a database of its own: the console's pages,
// its server actions and the hosted forms. Prints counts by route, status and shape, and each
// distinct failure once; exits 1 on any failure.
import { createServer } from "node:net";
import { parseArgs } from "node:util";
import fc from "fast-check";

const { values } = parseArgs({
  options: {
    runs: { type: "string" },
    seed: { type: "string" },
    postgres: { type: "boolean" },
    pages: { type: "boolean" },
    concurrency: { type: "string", default: "3" },
    port: { type: "string" },
  },
});
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function fuzzPageRoutes(): Promise<number> {
  const { startPageFuzz, formatPageFuzzReport } = await import("../test/support/page-fuzz-run");
  const { namedPageCases, pageFuzzCase } = await import("../test/support/page-fuzz-cases");
  const database = values.postgres ? "postgres" : "sqlite";
  const fuzz = await startPageFuzz({
    database,
    port: values.port === undefined ? await freePort() : Number(values.port),
    concurrency: Number(values.concurrency),
  });
  try {
    const report = await fuzz.run([
      ...namedPageCases(fuzz.fixture),
      ...fc.sample(pageFuzzCase(fuzz.fixture), { numRuns: Number(values.runs ?? 3000), seed }),
    ]);
    console.log(formatPageFuzzReport(report, `pages on ${database}, seed ${seed}`));
    return report.failures.length > 0 ? 1 : 0;
  } finally {
    await fuzz.stop();
  }
}

async function fuzzApiRoutes(): Promise<number> {
  const runs = Number(values.runs ?? 10_000);
  Object.assign(process.env, {
    CASHIER_ENV: "test",
    LOG_LEVEL: "silent",
    CASHIER_ENCRYPTION_KEY: "f".repeat(64),
    // One client failing on purpose: the limits would answer 429 to everything after the first 100.
    RATE_LIMIT_TOKEN_FAILURES: "100000000",
    RATE_LIMIT_REQUESTS: "100000000",
  });
  const { createTestDatabase } = await import("../test/support/test-database");
  const database = await createTestDatabase(values.postgres ? "postgres" : "sqlite");
  process.env.DATABASE_URL = database.url;
  const { createTestMerchant } = await import("../test/support/api");
  const { fuzzCase, runFuzzCase } = await import("../test/support/fuzz-cases");
  const { takeViolations } = await import("../test/support/documented-schemas");
  const { disconnectDb } = await import("../lib/db/client");

  const merchant = await createTestMerchant({ name: "Loja Fuzz", redirectOrigins: ["https://shop.example"] });
  const counts = new Map<string, Map<number, number>>();
  const failures: string[] = [];
  const started = performance.now();
  for (const fuzz of fc.sample(fuzzCase, { numRuns: runs, seed })) {
    const { status, rowsWritten } = await runFuzzCase(fuzz, merchant);
    const byStatus = counts.get(fuzz.route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    counts.set(fuzz.route, byStatus);
    if (status >= 500 || (status >= 400 && rowsWritten !== 0))
      failures.push(`${status}, ${rowsWritten} rows: ${fc.stringify(fuzz).slice(0, 400)}`);
  }
  await disconnectDb();
  await database.drop();

  console.log(
    `${runs} cases on ${database.provider}, seed ${seed}, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  const totals = new Map<number, number>();
  for (const [route, byStatus] of [...counts].sort()) {
    console.log(
      `  ${route.padEnd(24)} ${[...byStatus]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join("  ")}`,
    );
    for (const [s, n] of byStatus) totals.set(s, (totals.get(s) ?? 0) + n);
  }
  console.log(
    `  ${"all".padEnd(24)} ${[...totals]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join("  ")}`,
  );
  console.log(
    `5xx: ${[...totals].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0)}; refusals that wrote rows: ${failures.filter((f) => !f.startsWith("5")).length}`,
  );
  for (const failure of failures.slice(0, 20)) console.log(`  FAIL ${failure}`);
  // Each answer is also checked against /openapi.decoded.json, as the integration suite does.
  const violations = takeViolations();
  console.log(`answers the documented schemas do not allow: ${violations.length}`);
  for (const violation of violations.slice(0, 20)) console.log(`  FAIL ${violation}`);
  return failures.length + violations.length > 0 ? 1 : 0;
}

process.exit(values.pages ? await fuzzPageRoutes() : await fuzzApiRoutes());
