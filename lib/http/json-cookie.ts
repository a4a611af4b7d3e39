// A cookie that carries a small JSON value across a redirect (base64url, so no quoting), read back
// through a schema: a value the gateway did not write, or that no longer parses, is none.
import type { z } from "zod";

/** The cookie's value for `data`. */
export function jsonCookieValue(data: unknown): string {
  return Buffer.from(JSON.stringify(data)).toString("base64url");
}

/** The value of the request's cookie `name`, read through `schema`, or null. */
export function readJsonCookie<Schema extends z.ZodType>(
  request: Request,
  name: string,
  schema: Schema,
): z.output<Schema> | null {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!cookie) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cookie.slice(name.length + 1), "base64url").toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
