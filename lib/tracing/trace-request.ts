// The span of one request npm start's server answers: kind server, named by method and path (tokens
// replaced, as in the log), ended when the answer is written or abandoned. A caller's W3C
// `traceparent` is its parent only when a trusted proxy sent it, as with X-Request-Id: anyone else
// would choose which trace the gateway's spans join.
import type http from "node:http";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";
import { loggablePath } from "../log/redact-paths";
import type { RequestContext } from "../log/request-context";
import { tracer } from "./spans";

export function traceRequest<T>(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: { requestContext: RequestContext; clientIp: string; isFromTrustedProxy: boolean },
  handle: () => T,
): T {
  const parent = options.isFromTrustedProxy ? propagation.extract(ROOT_CONTEXT, request.headers) : ROOT_CONTEXT;
  const path = loggablePath(request.url ?? "/");
  const method = request.method ?? "GET";
  const span = tracer().startSpan(
    `${method} ${path}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "http.request.method": method,
        "url.path": path,
        "client.address": options.clientIp,
        "cashier.request_id": options.requestContext.requestId,
      },
    },
    parent,
  );
  response.once("close", () => {
    span.setAttribute("http.response.status_code", response.statusCode);
    // The merchant API's operation, which its wrapper names once it knows it.
    const { operation } = options.requestContext;
    if (operation) span.setAttribute("cashier.operation", operation);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!response.writableFinished) span.setAttribute("cashier.aborted", true);
    span.end();
  });
  return context.with(trace.setSpan(parent, span), handle);
}
