// A database that cannot be reached, as the gateway answers it: a retryable 503
// (service_unavailable) wherever it is met, and one log line when the outage starts and one when
// the database answers again, however many requests and background runs it failed in between
// (not a stack each).
// Kept on globalThis under a registered symbol: Next.js's build can hold several copies of this
// module in one process, and one outage must be logged once.
import { AppError, retryAfterOf } from "../errors/app-error";
import { log } from "../log/logger";
import { outsideRequest } from "../log/request-context";
import { isDatabaseUnavailable } from "./is-database-unavailable";
import { pingDatabase } from "./ping";

/** How often an open outage asks the database whether it answers again. */
const PROBE_INTERVAL_MS = 1_000;

type Outage = { startedAt: number; failures: number };
const OUTAGE = Symbol.for("cashier.databaseOutage");
const state = globalThis as { [OUTAGE]?: Outage };

function startOutage(error: unknown): Outage {
  const outage: Outage = { startedAt: Date.now(), failures: 0 };
  state[OUTAGE] = outage;
  const fields = error as { code?: unknown; message?: unknown };
  log.warn("database unavailable; answering 503 until it answers again", {
    dependency: "database",
    code: typeof fields.code === "string" ? fields.code : undefined,
    error: typeof fields.message === "string" ? fields.message.trim().split("\n").at(-1) : String(error),
  });
  // The probe outlives the request that met the outage first: its line is no request's.
  const probe = outsideRequest(() =>
    setInterval(() => {
      void pingDatabase(PROBE_INTERVAL_MS).then((isUp) => {
        if (!isUp || state[OUTAGE] !== outage) return;
        clearInterval(probe);
        state[OUTAGE] = undefined;
        log.info("database answers again", {
          dependency: "database",
          ms: Date.now() - outage.startedAt,
          failures: outage.failures,
        });
      });
    }, PROBE_INTERVAL_MS),
  );
  probe.unref();
  return outage;
}

/** Whether the error is a database outage's; if so it is counted in the outage, opened by the first. */
export function noteDatabaseOutage(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  (state[OUTAGE] ?? startOutage(error)).failures++;
  return true;
}

/**
 * The database outage behind the error as the AppError a client is answered with
 * (service_unavailable, counted in the outage); null for any other error.
 */
export function toUnavailableError(error: unknown): AppError | null {
  if (!noteDatabaseOutage(error)) return null;
  return new AppError(
    "service_unavailable",
    `the gateway could not reach its database; send the same request again after ${retryAfterOf("service_unavailable")} s`,
  );
}

/** Whether an outage is open in this process: a failure of Next.js's own rendering is then answered as 503. */
export function isDatabaseOutageOpen(): boolean {
  return state[OUTAGE] !== undefined;
}
