// JSON lines on stdout. Field names that can carry credentials are masked before writing, as a
// second line of defence: callers already log ids, never secrets or tokens.
import { getConfig } from "../config/config";
import { currentRequestId } from "./request-context";

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

const SENSITIVE = /secret|password|jwt|token|authorization|encryption/i;

function mask(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SENSITIVE.test(key) ? "[redacted]" : value]),
  );
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < levels[getConfig().logLevel]) return;
  // pid: npm start runs several server processes, whose lines interleave in one log.
  const requestId = currentRequestId();
  const line = JSON.stringify(
    {
      time: new Date().toISOString(),
      level,
      pid: process.pid,
      msg: message,
      ...(requestId === null ? {} : { requestId }),
      ...mask(fields),
    },
    (_key, value) => (typeof value === "bigint" ? value.toString() : value),
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

// The same failure again within a minute is counted, not logged each time: a client repeating
// one bad request must not flood the log.
const REPEAT_WINDOW_MS = 60_000;
const recentRepeats = new Map<string, { until: number; repeats: number }>();

/** Writes the line unless one of the same signature was written within the minute; the next one says how many were not. */
function writeOnce(level: Level, signature: string, message: string, fields: Record<string, unknown>): void {
  const now = Date.now();
  const recent = recentRepeats.get(signature);
  if (recent && recent.until > now) {
    recent.repeats++;
    return;
  }
  if (recentRepeats.size > 1000) recentRepeats.clear();
  recentRepeats.set(signature, { until: now + REPEAT_WINDOW_MS, repeats: 0 });
  write(level, message, recent?.repeats ? { ...fields, repeatsNotLogged: recent.repeats } : fields);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
  /** At most one line a minute for the same signature (an unexpected failure repeated). */
  once: (level: Level, signature: string, message: string, fields: Record<string, unknown> = {}) =>
    writeOnce(level, signature, message, fields),
};
