// Takes the compact JWS out of a request body: {"jwt": "…"} as JSON (compat), or the bare token
// with Content-Type application/jwt. Bodies over 64 KiB are refused before they are read whole.
import { AppError } from "../errors/app-error";
import { readBoundedBody } from "../http/read-bounded-body";

export const MAX_BODY_BYTES = 64 * 1024;

export async function readLimitedBody(request: Request): Promise<string> {
  const body = await readBoundedBody(request, MAX_BODY_BYTES);
  if (body.ok) return Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength).toString("utf8");
  // A client that went away mid-body: its fault, not ours.
  if (body.reason === "incomplete")
    throw new AppError(
      "body_incomplete",
      `the body ended after ${body.received} bytes, before it was complete; send it again`,
    );
  const size = body.declared === null ? `over ${MAX_BODY_BYTES}` : String(body.declared);
  throw new AppError("body_too_large", `body is ${size} bytes; at most ${MAX_BODY_BYTES} bytes allowed`);
}

export async function readRequestToken(request: Request): Promise<string> {
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const body = await readLimitedBody(request);
  if (contentType === "application/jwt") {
    const token = body.trim();
    if (!token) throw new AppError("token_missing", "the application/jwt body is empty; send the compact JWS");
    return token;
  }
  if (contentType !== "application/json" && contentType !== "") {
    throw new AppError(
      "unsupported_media_type",
      `Content-Type ${contentType} is not accepted; send application/json {"jwt": "…"} or application/jwt`,
    );
  }
  if (!body.trim()) throw new AppError("token_missing", 'the body is empty; send {"jwt": "<compact JWS>"}');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError("token_malformed", 'the body is not valid JSON; send {"jwt": "<compact JWS>"}');
  }
  const jwt = typeof parsed === "object" && parsed !== null ? (parsed as { jwt?: unknown }).jwt : undefined;
  if (jwt === undefined)
    throw new AppError("token_missing", 'the body has no "jwt" field; send {"jwt": "<compact JWS>"}');
  if (typeof jwt !== "string") throw new AppError("token_malformed", '"jwt" must be a string holding the compact JWS');
  return jwt.trim();
}
