// A hosted form's fields as the customer's browser posts them. The pages are public: anyone can
// post anything to them, so only text fields of a sane length count; anything else (a file, a
// field the length of a book, a body that is no form at all or over 1 MB) is as if the field was left blank,
// and the domain's own validation answers it field by field.
const MAX_FIELD_LENGTH = 1000;
/** proxy.ts refuses a larger Content-Length; a body sent without one (chunked) stops here. */
const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (body.set(chunk, offset), offset + chunk.byteLength), 0);
  return body;
}

export async function readHostedForm(request: Request): Promise<Record<string, string | undefined>> {
  const body = await readBody(request).catch(() => null);
  const form =
    body &&
    (await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } })
      .formData()
      .catch(() => null));
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value === "string" && value.length <= MAX_FIELD_LENGTH && !(name in fields)) fields[name] = value;
  }
  return fields;
}
