// JSON lines on stdout. Field names that can carry credentials are masked before writing, as a
// second line of defence: callers already log ids, never secrets or tokens.
import { getConfig } from "../config/config";

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
  const line = JSON.stringify(
    { time: new Date().toISOString(), level, pid: process.pid, msg: message, ...mask(fields) },
    (_key, value) => (typeof value === "bigint" ? value.toString() : value),
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
