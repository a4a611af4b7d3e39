// The integration-pgbouncer project's global setup: PgBouncer in transaction mode in front of the
// test server for the whole run, its address handed to the workers (setup-integration points each
// file's database at it). Without a pgbouncer binary the project is not configured at all
// (vitest.config.ts), and npm test says so.
import { PGBOUNCER_URL_VARIABLE, pgBouncerForTests, startPgBouncer } from "./pgbouncer";

export default async function setup(): Promise<() => Promise<void>> {
  const binary = pgBouncerForTests();
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!binary || !postgresUrl) throw new Error("integration-pgbouncer needs TEST_POSTGRES_URL and a pgbouncer binary");
  const bouncer = await startPgBouncer(binary, postgresUrl);
  process.env[PGBOUNCER_URL_VARIABLE] = bouncer.url;
  return bouncer.stop;
}
