// Shared by playwright.config.ts and the tests: the server under test runs `npm start`'s own
// script on a SQLite database of its own, wiped before each run.
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, "../test-results/e2e-data");

/** The environment of the server and of the tools the tests run against it. */
export const e2eServerEnv = {
  PORT: String(E2E_PORT),
  DATABASE_URL: `file:${path.join(E2E_DATA_DIR, "cashier.db")}`,
  CASHIER_DATA_DIR: E2E_DATA_DIR,
  PUBLIC_BASE_URL: E2E_BASE_URL,
  CASHIER_ENV: "test",
  CASHIER_SEED_DEMO: "true",
  // The tests' browsers behind a proxy on this machine: a context's X-Forwarded-For is its address.
  TRUSTED_PROXIES: "127.0.0.1",
  NEXT_TELEMETRY_DISABLED: "1",
};
