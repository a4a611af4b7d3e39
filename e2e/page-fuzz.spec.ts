// The page fuzz (issue 25) in npm test: on the production build, on SQLite and on PostgreSQL (when
// TEST_POSTGRES_URL is set), the shapes the issue names, each by name, then 3,000 generated cases
// of the console's pages, its server actions and the hosted forms, a fixed seed: no answer ≥ 500,
// none missing, and no row written for a refused request. `npm run fuzz -- --pages` runs more.
import { expect, test } from "@playwright/test";
import { hasTestPostgres } from "../test/support/gateway-process";
import { NAMED_PAGE_SHAPES, namedPageCases, pageFuzzCase } from "../test/support/page-fuzz-cases";
import { type PageFuzzReport, describeCase, formatPageFuzzReport, startPageFuzz } from "../test/support/page-fuzz-run";
import fc from "fast-check";
import { E2E_PORT } from "./environment";

const RUNS = 3000;
const SEED = 26;

const failuresOf = (report: PageFuzzReport, shape?: string) =>
  report.failures
    .filter((failure) => shape === undefined || failure.case.shape === shape)
    .map((failure) => `${failure.status} ${describeCase(failure.case)}: ${failure.reason}`);

for (const [database, port] of [
  ["sqlite", E2E_PORT + 1],
  ["postgres", E2E_PORT + 2],
] as const) {
  test(`page fuzz on ${database}: the named shapes and ${RUNS} generated cases, no answer ≥ 500, nothing written by a refusal`, async () => {
    if (database === "postgres" && !hasTestPostgres()) {
      const notice = "the page fuzz on PostgreSQL is SKIPPED because TEST_POSTGRES_URL is not set";
      console.log(`NOTICE: ${notice}`);
      test.skip(true, notice);
    }
    test.setTimeout(600_000);
    const fuzz = await startPageFuzz({ database, port, concurrency: 3 });
    console.log(`page fuzz on ${database}: gateway and fixture ready in ${Math.round(fuzz.setupSeconds)} s`);
    try {
      const named = await fuzz.run(namedPageCases(fuzz.fixture));
      console.log(formatPageFuzzReport(named, `the issue's shapes on ${database}`));
      for (const shape of Object.values(NAMED_PAGE_SHAPES)) {
        await test.step(shape, () => {
          expect(named.shapes.get(shape), shape).toBeDefined();
          expect.soft(failuresOf(named, shape), shape).toEqual([]);
        });
      }
      await test.step(`${RUNS} generated cases, seed ${SEED}`, async () => {
        const report = await fuzz.run(fc.sample(pageFuzzCase(fuzz.fixture), { numRuns: RUNS, seed: SEED }));
        console.log(formatPageFuzzReport(report, `pages on ${database}, seed ${SEED}`));
        expect.soft(failuresOf(report).slice(0, 50), `${report.failures.length} failures`).toEqual([]);
        // The cases get past the guards into the pages and the actions: some answered, some refused.
        const statuses = new Set([...report.counts.values()].flatMap((byStatus) => [...byStatus.keys()]));
        for (const status of [200, 303, 400, 403, 404, 405]) expect(statuses, `an answer ${status}`).toContain(status);
        for (const action of fuzz.fixture.actions) {
          const answered = [...(report.counts.get(`action ${action.name}`) ?? [])].filter(([status]) => status < 400);
          expect(answered.length, `${action.name} reached past the guards`).toBeGreaterThan(0);
        }
      });
    } finally {
      await fuzz.stop();
    }
  });
}
