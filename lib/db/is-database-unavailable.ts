// The one place that tells "the database cannot be reached or is out of connections" (retry
// shortly: a 503) from every other database error (a defect: a 500). From what the drivers were
// seen to throw when PostgreSQL was cut, stalled or exhausted and SQLite stayed locked:
//  - through Prisma, the driver adapter's error kind (meta.driverAdapterError.cause.kind):
//    refused (DatabaseNotReachable), reset (ConnectionClosed), timed out (SocketTimeout, which is
//    also better-sqlite3's SQLITE_BUSY), and PostgreSQL's own connection-exception SQLSTATEs;
//  - Prisma's interactive transaction that could not get a connection in time (P2028);
//  - what pg throws as it is, through Prisma or through lib/db/driver's pool: socket codes, and
//    errors that carry no code (a pool acquire timeout, a connection that ended);
//  - better-sqlite3's SQLITE_BUSY, past the busy timeout.

const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);

// Class 08 (connection exception); 53300 too many connections; 57P01 to 57P03: the server is
// shutting down, crashed or starting up.
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53300|57P0[123])$/;

// pg's own errors for these have no code: only their messages tell them apart.
const PG_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Client has encountered a connection error and is not queryable",
];

const PRISMA_START_TIMEOUT = "Unable to start a transaction in the given time";

type Fields = { code?: unknown; message?: unknown; meta?: unknown };

/**
 * Whether the error means the database could not be reached in time: worth a retry, not a defect.
 * Only the error itself is read, not its causes: a PSP's network failure carries the same socket
 * codes as its cause, and is the PSP's (provider_unavailable), not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code: rawCode, message: rawMessage, meta } = error as Fields;
  const code = typeof rawCode === "string" ? rawCode : "";
  const message = typeof rawMessage === "string" ? rawMessage : "";
  const cause = (meta as { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } } | undefined)
    ?.driverAdapterError?.cause;
  if (cause) {
    if (typeof cause.kind === "string" && UNAVAILABLE_KINDS.has(cause.kind)) return true;
    if (cause.kind === "postgres" && typeof cause.code === "string") return UNAVAILABLE_SQLSTATE.test(cause.code);
  }
  if (code === "P2028") return message.includes(PRISMA_START_TIMEOUT);
  if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code) || code.startsWith("SQLITE_BUSY")) return true;
  return PG_MESSAGES.some((text) => message.includes(text));
}
