// One HTTP POST of a callback (or of an operator alert to its webhook): a fixed timeout for the whole exchange, redirects never followed
// (node:http does not follow them; a 3xx is just not a 2xx), the connection pinned to the checked
// address, and the first 500 bytes of the reply kept. Never throws: the outcome is data.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { traceHeaders } from "../tracing/spans";
import type { CallbackTarget } from "./check-callback-target";
import type { DeliveryErrorCode } from "../errors/delivery-errors";

const RESPONSE_EXCERPT_BYTES = 500;

export type PostOutcome = {
  httpStatus: number | null;
  /** Why no answer came; `error` says it in the words of the code that failed. */
  errorCode: DeliveryErrorCode | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
};

/** What counts as taken: any 2xx, as docs/api.md promises (a redirect is not followed, so not taken). */
export const isTakenStatus = (httpStatus: number | null): boolean =>
  httpStatus !== null && httpStatus >= 200 && httpStatus < 300;

export function postCallback(
  target: Extract<CallbackTarget, { isAllowed: true }>,
  body: string,
  timeoutMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const client = target.url.protocol === "https:" ? https : http;
    const request = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinnedLookup,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Cashier-Callbacks/1",
          // The trace the POST belongs to, when the gateway traces (W3C traceparent).
          ...traceHeaders(),
          ...extraHeaders,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          settle({
            httpStatus: response.statusCode ?? null,
            errorCode: null,
            error: null,
            responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8"),
          });
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish();
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    const timer = setTimeout(
      () =>
        settle({
          httpStatus: null,
          errorCode: "timeout",
          error: `no answer within ${timeoutMs} ms`,
          responseExcerpt: null,
        }),
      timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      settle({
        httpStatus: null,
        errorCode: "connection_failed",
        error: `${error.code ?? "network error"}: ${error.message}`,
        responseExcerpt: null,
      }),
    );
    request.end(body);
  });
}
