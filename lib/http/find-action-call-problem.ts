// What a server action call must be before Next.js reads it. Next.js parses the body of anything
// that may be a server action (a Next-Action header, or any multipart/form-data POST to a page)
// with no guard of its own: a multipart body it cannot parse, a reply that is not JSON, one
// nested thousands deep, or a reference to a part the call does not carry (React's "$1", "$@2",
// "$B3"…) each throws, and an exception there is a 500. So proxy.ts checks the call first, with
// the parsers Next.js uses (the platform's FormData reader, JSON), and lets through only what the
// console's own forms send: JSON arguments, plain values, and the form ("$K") a form action takes.
import type { ErrorCode } from "../errors/app-error";
import { findJsonProblem } from "../text/find-json-problem";

export type ActionCallProblem = { code: ErrorCode; detail: string };

export type ActionCall = {
  /** The Next-Action header: a script's call names its action there; a form without script does not. */
  actionId: string | null;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
};

// React's reply format: a string starting with "$" is a reference or a special value. These are
// the values that stand alone; anything else refers to another part of the call or builds an
// object (a Map, a Blob, a stream…) no console action takes.
const PLAIN_VALUES = /^\$(\$.*|undefined|NaN|Infinity|-Infinity|-0|D.*|n(\d{1,300}|-\d{1,299})|K[0-9a-f]{1,8})$/s;
// A part of the call: "$2" (its JSON here), "$@2" (a promise of it, how a bound action's arguments come).
const PART_REFERENCE = /^\$@?([0-9a-f]{1,8})$/;

// Next.js throws past 1,000 arguments, and React past 1,000 bound ones or 1,000,000 slots of the
// arrays in them (a string counts its length): a part's JSON text is at least as long as its slots.
const MAX_ARGUMENTS = 1000;
const MAX_REPLY_CHARACTERS = 1_000_000;

const malformed = (detail: string): ActionCallProblem => ({ code: "action_malformed", detail });

/** Every string in a JSON value already bounded by findJsonProblem (so a recursive walk is safe). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}

const unknownAction = (): ActionCallProblem => ({ code: "not_found", detail: "no such server action" });

/**
 * The parts of a React reply whose part n is the field `${prefix}${n}`, read from part 0 on: each
 * part JSON within findJsonProblem's bounds, each reference to a part the call carries, each part
 * read once (no cycles). The parsed parts by field name, or the problem.
 */
function readReply(fields: ReadonlyMap<string, string>, prefix: string): Map<string, unknown> | ActionCallProblem {
  const parts = new Map<string, unknown>();
  const pending = [`${prefix}0`];
  let characters = 0;
  while (pending.length > 0) {
    const name = pending.pop()!;
    const text = fields.get(name);
    if (text === undefined) return malformed(`the call refers to a part it does not carry (${name.slice(0, 40)})`);
    // React counts every character of the strings in the arguments' arrays, and throws past its limit.
    if ((characters += text.length) > MAX_REPLY_CHARACTERS)
      return malformed(`the arguments of an action call must hold at most ${MAX_REPLY_CHARACTERS} characters`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return malformed("the arguments of an action call must be JSON");
    }
    const jsonProblem = findJsonProblem(value, "arguments");
    if (jsonProblem) return malformed(`${jsonProblem.path}: ${jsonProblem.message}`);
    parts.set(name, value);
    for (const text of stringsOf(value)) {
      if (!text.startsWith("$") || PLAIN_VALUES.test(text)) continue;
      const part = partReferred(prefix, text);
      if (!part) return malformed(`a value no console action takes: ${text.slice(0, 40)}`);
      if (parts.has(part) || pending.includes(part)) return malformed("a part of the call is referred to twice");
      pending.push(part);
    }
  }
  return parts;
}

/** The field a reference ("$2", "$@2") stands for, or null for anything else. */
function partReferred(prefix: string, text: unknown): string | null {
  const match = typeof text === "string" ? PART_REFERENCE.exec(text) : null;
  return match ? `${prefix}${parseInt(match[1], 16)}` : null;
}

const notArguments = (value: unknown, what: string) =>
  !Array.isArray(value)
    ? malformed(`${what} must be a JSON array`)
    : value.length > MAX_ARGUMENTS
      ? malformed(`${what} must hold at most ${MAX_ARGUMENTS} arguments`)
      : null;

/** A form's text fields by name (the first of each name); files are not parts of a reply. */
function textFields(form: FormData): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !fields.has(name)) fields.set(name, value);
  }
  return fields;
}

/**
 * A form posted without script (no Next-Action) names its action in a "$ACTION_ID_<id>" field, or
 * in "$ACTION_REF_<n>" with the action's id and bound arguments in "$ACTION_<n>:0" and after.
 */
function findFormActionProblem(form: FormData, isKnownAction: (id: string) => boolean): ActionCallProblem | null {
  const fields = textFields(form);
  for (const name of form.keys()) {
    if (name.startsWith("$ACTION_ID_") && !isKnownAction(name.slice("$ACTION_ID_".length))) return unknownAction();
    if (!name.startsWith("$ACTION_REF_")) continue;
    const prefix = `$ACTION_${name.slice("$ACTION_REF_".length)}:`;
    const parts = readReply(fields, prefix);
    if (!(parts instanceof Map)) return parts;
    const { id, bound } = { ...(parts.get(`${prefix}0`) as object) } as Record<string, unknown>;
    if (typeof id !== "string") return malformed(`${prefix}0 must name the action`);
    if (!isKnownAction(id)) return unknownAction();
    if (bound === null) continue;
    const boundPart = partReferred(prefix, bound);
    if (!boundPart) return malformed(`${prefix}0 must refer to the bound arguments`);
    const problem = notArguments(parts.get(boundPart), "the bound arguments of an action");
    if (problem) return problem;
  }
  return null;
}

/** The multipart body as Next.js reads a form without script, or null when that reader fails. */
async function readForm(call: ActionCall): Promise<FormData | null> {
  try {
    return await new Response(call.body, { headers: { "content-type": call.contentType } }).formData();
  } catch {
    return null;
  }
}

// What busboy (Next.js's multipart reader for an action call) takes in a part's header line: a tab,
// visible ASCII and any byte from 0x80; the platform's reader is laxer (a NUL in a name passes).
const BAD_HEADER_BYTE = /[\x00-\x08\x0a-\x1f\x7f]/;

/** Whether a part's header lines hold a byte busboy refuses with an exception ("Malformed part header"). */
function hasMalformedPartHeader(call: ActionCall): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(call.contentType);
  if (!boundary) return false;
  // latin1 keeps one character per byte, so a byte is tested as itself.
  const parts = Buffer.from(call.body)
    .toString("latin1")
    .split(`--${boundary[1] ?? boundary[2]}`)
    .slice(1);
  return parts.some((part) => {
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = headerEnd < 0 ? "" : part.slice(0, headerEnd);
    return headers.split("\r\n").some((line) => BAD_HEADER_BYTE.test(line));
  });
}

/** Whether the body is multipart/form-data, which Next.js reads as a possible server action whatever it holds. */
export const isMultipart = (contentType: string) => contentType.startsWith("multipart/form-data");

/**
 * The first problem with a POST Next.js would read as a server action, or null. `isKnownAction`
 * says whether an id is one of this build's actions.
 */
export async function findActionCallProblem(
  call: ActionCall,
  isKnownAction: (id: string) => boolean,
): Promise<ActionCallProblem | null> {
  const form = isMultipart(call.contentType) ? await readForm(call) : undefined;
  if (form === null || (form && hasMalformedPartHeader(call)))
    return { code: "form_malformed", detail: "the body is not well-formed multipart/form-data" };
  if (call.actionId === null) return form ? findFormActionProblem(form, isKnownAction) : null;
  if (!isKnownAction(call.actionId)) return unknownAction();
  if (form) return findArgumentsProblem(textFields(form));
  // Next.js hands any other body to React as one text part, whatever its content type says, decoded
  // as Buffer does (a byte order mark kept: JSON.parse then fails on it there, and here).
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(call.body);
  return findArgumentsProblem(new Map([["0", text]]));
}

/** A script's call: its arguments are part 0, an array. */
function findArgumentsProblem(fields: ReadonlyMap<string, string>): ActionCallProblem | null {
  const parts = readReply(fields, "");
  return parts instanceof Map ? notArguments(parts.get("0"), "the body of an action call (its arguments)") : parts;
}

/**
 * The host Next.js compares a server action's Origin with (the first X-Forwarded-Host, else
 * Host): when they differ it refuses the action with an exception, a 500.
 */
export function actionHostOf(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host");
}
