// A client that hangs up, mid-body or before its whole answer is written, is one info line of the
// log for the request: what it was and how far it got, never a stack (Next.js's own report of the
// same abort is dropped by lib/log/capture-console).
import { AsyncResource } from "node:async_hooks";
import type http from "node:http";
import { log } from "../log/logger";
import { loggablePath } from "../log/redact-paths";

/** Watches one request handed to Next.js: logs it once if its answer is cut off. */
export function logAbortedRequest(request: http.IncomingMessage, response: http.ServerResponse): void {
  const started = performance.now();
  // Counted as Node's parser hands each chunk of the body over, without reading the body.
  let bodyBytes = 0;
  const push = request.push.bind(request);
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk instanceof Uint8Array) bodyBytes += chunk.byteLength;
    return push(chunk, encoding);
  };
  // Bound here: a listener runs in the context of whatever emits, and the line belongs to this request.
  response.once(
    "close",
    AsyncResource.bind(() => {
      if (response.writableFinished) return;
      const declared = Number(request.headers["content-length"]);
      log.info("request aborted", {
        method: request.method,
        path: loggablePath(request.url ?? "/"),
        // The body was cut off, or the whole request came and the client left before its answer.
        during: request.complete ? "response" : "request",
        bodyBytes,
        ...(Number.isSafeInteger(declared) ? { declaredBytes: declared } : {}),
        ...(response.headersSent ? { status: response.statusCode } : {}),
        ms: Math.round(performance.now() - started),
      });
    }),
  );
}
