// The one reader of a request body that may be larger than we accept: the API's envelope, the
// PSP's webhook, the hosted forms and proxy.ts's check of a server action's arguments. Nothing past
// the limit is held in memory: a declared Content-Length over it is refused before a byte is read,
// and a body sent without one (chunked) is cut off as soon as it passes the limit.

export type BoundedBody =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  /** declared: the Content-Length that was over the limit; null when the body passed it as it came. */
  | { ok: false; reason: "too_large"; declared: number | null }
  /** The client went away mid-body (or the server's body timeout cut it off) after `received` bytes. */
  | { ok: false; reason: "incomplete"; received: number };

export async function readBoundedBody(request: Request, maxBytes: number): Promise<BoundedBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, reason: "too_large", declared };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      return { ok: false, reason: "incomplete", received: size };
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: "too_large", declared: null };
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.byteLength), 0);
  return { ok: true, bytes };
}
