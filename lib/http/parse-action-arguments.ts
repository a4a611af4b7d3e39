// A server action is a public endpoint: anyone may call it with any arguments, not only those its
// page binds and its form sends. Every action parses them here before anything else; a call no
// page makes (a bound token or id of the wrong type, a form that is no form, a field holding what
// no database stores) is answered as Next.js answers notFound(), a 404, with nothing read or
// written. An exception deeper in would be a 500, and Next.js gives an action no way to say 400.
// proxy.ts has already refused what Next.js itself could not read (lib/http/find-action-call-problem).
// The schemas of those arguments are lib/http/action-arguments's.
import { notFound } from "next/navigation";
import type { z } from "zod";

/** The arguments as `schema` reads them, or the 404 of a call no page makes. */
export function parseActionArguments<S extends z.ZodType>(schema: S, args: unknown[]): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) notFound();
  return parsed.data;
}
