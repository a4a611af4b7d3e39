// A hosted form's fields as the customer's browser posts them. The pages are public: anyone can
// post anything to them, so only text fields of a sane length count; anything else (a file, a
// field the length of a book, a body that is no form at all or over MAX_FORM_BODY_BYTES) is as if
// the field was left blank, and the domain's own validation answers it field by field.
import { readBoundedBody } from "./read-bounded-body";

const MAX_FIELD_LENGTH = 1000;

/**
 * The most a page's POST (a hosted form, a server action) may carry: Next.js's own limit for a
 * server action's body (experimental.serverActions.bodySizeLimit). proxy.ts refuses a larger
 * Content-Length with a 413; a body sent without one (chunked) stops here.
 */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;

export async function readHostedForm(request: Request): Promise<Record<string, string | undefined>> {
  const body = await readBoundedBody(request, MAX_FORM_BODY_BYTES);
  const form = body.ok
    ? await new Response(body.bytes, { headers: { "content-type": request.headers.get("content-type") ?? "" } })
        .formData()
        .catch(() => null)
    : null;
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value === "string" && value.length <= MAX_FIELD_LENGTH && !(name in fields)) fields[name] = value;
  }
  return fields;
}
