// In a server process npm start runs, what Next.js and the libraries it loads write to the console
// becomes JSON lines of the log too, instead of free text and multi-line stacks on stderr: each
// call one line, addresses and query strings redacted, the same error at most once a minute. A
// client hanging up is not written here at all: the server's own "request aborted" line says it
// (lib/server/log-aborted-requests), once per request.
import { format, stripVTControlCharacters } from "node:util";
import { log } from "./logger";
import { redactPaths } from "./redact-paths";

const LEVELS = { debug: "debug", info: "info", log: "info", warn: "warn", error: "error" } as const;

/** Node's error for a request whose client went away mid-body, and Next.js's for an answer cut off. */
export function isClientAbort(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const { code } = value as NodeJS.ErrnoException;
  return (code === "ECONNRESET" && value.message === "aborted") || value.name === "ResponseAborted";
}

/** One console call as a log line: its first line as the message, the rest (a stack) as a field. */
export function toLogLine(args: unknown[]): { message: string; fields: Record<string, unknown> } {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  // Next.js colours its output for a terminal; the log is read by tools.
  const text = stripVTControlCharacters(
    redactPaths(format(...args.map((arg) => (arg instanceof Error && arg === error ? arg.message : arg)))),
  );
  const [message, ...rest] = text.split("\n");
  return {
    message: message.trim() || (error ? error.name : "console"),
    fields: {
      source: "console",
      ...(rest.length > 0 ? { detail: rest.join("\n") } : {}),
      ...(error ? { error: redactPaths(error.stack ?? String(error)) } : {}),
    },
  };
}

/** `isAbsorbed`: an error another part logs its own way (a database outage, once per outage). */
export function captureConsole(isAbsorbed: (error: unknown) => boolean = () => false): void {
  for (const [method, level] of Object.entries(LEVELS) as [
    keyof typeof LEVELS,
    (typeof LEVELS)[keyof typeof LEVELS],
  ][]) {
    console[method] = (...args: unknown[]) => {
      if (args.some((arg) => isClientAbort(arg) || (arg instanceof Error && isAbsorbed(arg)))) return;
      const { message, fields } = toLogLine(args);
      if (level === "error" || level === "warn") log.once(level, message, message, fields);
      else log[level](message, fields);
    };
  }
}
