// A hosted page's or the console's request, answered: one info line of the log, as the merchant
// API's wrapper writes one for each API request ("api request"), so a customer's steps and an
// operator's actions are in the log under their request ids (tokens in the path replaced), and
// one count of its area's answers (cashier_page_requests_total).
import { AsyncResource } from "node:async_hooks";
import type http from "node:http";
import { log } from "../log/logger";
import { loggablePath } from "../log/redact-paths";
import { metrics } from "../metrics/metrics";

/** A page's area, for its count: a label never holds the path, which carries tokens and ids. */
function areaOf(pathname: string): "hosted" | "direct" | "console" | "other" {
  if (pathname.startsWith("/pay/")) return "hosted";
  if (pathname.startsWith("/direct/")) return "direct";
  if (pathname === "/console" || pathname.startsWith("/console/")) return "console";
  return "other";
}

export function logPageRequest(request: http.IncomingMessage, response: http.ServerResponse, clientIp: string): void {
  const started = performance.now();
  // Bound here: a listener runs in the context of whatever emits, and the line belongs to this request.
  response.once(
    "finish",
    AsyncResource.bind(() => {
      const path = loggablePath(request.url ?? "/");
      log.info("request", {
        method: request.method,
        path,
        status: response.statusCode,
        ms: Math.round(performance.now() - started),
        clientIp,
      });
      metrics().pageRequests.inc({ area: areaOf(path), status: response.statusCode });
    }),
  );
}
