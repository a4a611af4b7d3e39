// Checks every kind's settings share, each naming what is wrong in words an operator can act on.
import { z } from "zod";
import { hasControlCharacter } from "../../text/has-control-character";

/** A short text an operator types: a label, a client id, a name. */
export const plainText = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), "must not hold control characters");

/**
 * A PSP's URL, without its trailing slash: https (http only outside production, for a simulator on
 * the operator's machine), with no credentials, query or fragment.
 */
export function readUrl(value: string, path: string, ctx: z.RefinementCtx, isProduction: boolean): string {
  const issue = (message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    issue("must be an absolute URL such as https://pix.psp.example");
    return value;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") issue("must be an https URL");
  else if (url.protocol === "http:" && isProduction) issue("must be https:// in production");
  if (url.username || url.password) issue("must not carry credentials");
  if (url.search || url.hash) issue("must not carry a query or a fragment");
  return value.replace(/\/+$/, "");
}
