// The HTTP server npm start runs around Next.js, for what `next start` cannot be told: how long a
// client may take to send its headers and its request (a slow body otherwise holds a socket for
// 300 s), and the client's address as the socket saw it, resolved through trusted proxies only.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { getConfig } from "../config/config";
import { disconnectDb } from "../db/client";
import { noteDatabaseOutage } from "../db/database-outage";
import { startDraining } from "../health/draining";
import { startProcessJobs, startProcessJobsOnceListening, stopProcessJobs } from "../jobs/start-server-jobs";
import { captureConsole, isClientAbort } from "../log/capture-console";
import { log } from "../log/logger";
import { registerProcessMetrics } from "../metrics/register-process-metrics";
import { apiSecurityHeaders, newNonce, securityHeaders } from "../security/security-headers";
import { CLIENT_IP_HEADER, isTrustedProxy, resolveClientIp } from "../http/client-ip";
import { REQUEST_ID_HEADER, resolveRequestId } from "../http/request-id";
import { type RequestContext, runInRequest } from "../log/request-context";
import { startTracing } from "../tracing/start-tracing";
import { traceRequest } from "../tracing/trace-request";
import { healthPaths, methodNotAllowed, notServedByWorker, routeRules } from "../http/route-rules";
import { fillSecurityHeaders } from "./fill-security-headers";
import { answerOutageAsUnavailable } from "./answer-outage-as-unavailable";
import { logAbortedRequest } from "./log-aborted-request";
import { logPageRequest } from "./log-page-request";

// The answers each server is still working on. A client that hangs up does not stop its handler,
// and the server's "close" comes once the sockets are gone: the database must stay open until
// every handler has written its answer (closing it under one left its transaction open after
// BEGIN on PostgreSQL, and the process unable to exit). Next.js's own promise is not the signal:
// for a client that hung up it may never settle even once the answer is written.
const answersInFlight = new WeakMap<http.Server, Set<http.ServerResponse>>();

/** Each server's tracer provider's stop, which flushes the spans still batched. */
const tracingStops = new WeakMap<http.Server, () => Promise<void>>();

/** The request target's path; a target URL cannot read ("//") is taken as written, never thrown on. */
function targetPath(target: string): string {
  try {
    return new URL(target, "http://gateway").pathname;
  } catch {
    return target.split("?")[0];
  }
}

/**
 * Serves the build in `dir` with the configuration next build serialized there, as its standalone
 * server.js does: the standalone folder has no next.config.ts, and none is compiled at run time.
 */
function applyBuiltNextConfig(dir: string): void {
  const files = JSON.parse(readFileSync(path.join(dir, ".next/required-server-files.json"), "utf8")) as {
    config: unknown;
  };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(files.config);
}

export async function serveGateway(options: { dir: string; port: number }): Promise<http.Server> {
  const config = getConfig();
  applyBuiltNextConfig(options.dir);
  // From here on everything this process writes is a JSON line of the log, Next.js's output too;
  // a page that failed for a database outage is counted in the outage's line, not logged again.
  captureConsole(noteDatabaseOutage);
  // This process's share of the instance's /metrics (npm start's primary serves them, on METRICS_PORT).
  registerProcessMetrics();
  const stopTracing = await startTracing();
  startProcessJobsOnceListening();
  const app = next({ dev: false, dir: options.dir, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Node answers 408 and closes the socket when either limit runs out; it looks every second
  // (its default, 30 s, would let a slow client hold a socket three times longer than allowed).
  const timeouts = {
    headersTimeout: config.http.headersTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    connectionsCheckingInterval: 1000,
  };
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer(timeouts, (request, response) => {
    // What the proxy and the API wrapper never see (built assets and their 404, Next.js's own
    // redirects such as the 308 for "//x") still answers with headers: the API's, where nothing
    // may load, frame or submit, and HSTS in production.
    fillSecurityHeaders(response, apiSecurityHeaders(config.isProduction));
    // Every answer names its request, the refusals below included; the handlers read it from the
    // header, replacing anything a client sent under that name.
    const requestId = resolveRequestId(
      request.socket.remoteAddress,
      request.headers[REQUEST_ID_HEADER],
      config.trustedProxies,
    );
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const pathname = targetPath(request.url ?? "/");
    // A load balancer that sends merchant traffic here by mistake gets a clear refusal, never a
    // page from an instance that is not meant to serve it.
    if (config.role === "worker" && !healthPaths.includes(pathname)) {
      const refusal = notServedByWorker();
      response.writeHead(404, refusal.headers).end(refusal.body);
      return;
    }
    // A method the route does not take is refused before Next.js is asked: those it has no handler
    // for (TRACE, CONNECT…) fail inside it as a 500, and the merchant API's routes, which the proxy
    // does not run for, would get Next.js's bare 405. The answer is proxy.ts's.
    const rules = routeRules(pathname);
    if (!rules.methods.includes(request.method ?? "")) {
      const refusal = methodNotAllowed(request.method ?? "", rules);
      response
        .writeHead(405, {
          ...securityHeaders({ kind: rules.kind, nonce: newNonce(), isProduction: config.isProduction }),
          ...refusal.headers,
        })
        .end(refusal.body);
      return;
    }
    const forwardedFor = request.headers["x-forwarded-for"];
    const clientIp = resolveClientIp(
      request.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
      config.trustedProxies,
    );
    request.headers[CLIENT_IP_HEADER] = clientIp;
    inFlight.add(response);
    answerOutageAsUnavailable(response);
    const requestContext: RequestContext = { requestId };
    const serve = () => {
      logAbortedRequest(request, response);
      // The pages people see (hosted steps, /direct, the console), counted per address like them.
      if (rules.isLimited) logPageRequest(request, response, clientIp);
      return handle(request, response);
    };
    runInRequest(requestContext, () =>
      // A span only when spans go somewhere: no work on the request's path otherwise.
      stopTracing
        ? traceRequest(
            request,
            response,
            {
              requestContext,
              clientIp,
              isFromTrustedProxy: isTrustedProxy(request.socket.remoteAddress, config.trustedProxies),
            },
            serve,
          )
        : serve(),
    )
      .catch((error: unknown) => {
        if (!isClientAbort(error)) log.error("request handler failed", { requestId, error: String(error) });
      })
      .finally(() => inFlight.delete(response));
  });
  answersInFlight.set(server, inFlight);
  if (stopTracing) tracingStops.set(server, stopTracing);
  // A port already taken (EADDRINUSE) or not ours to bind rejects here, and the caller exits.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const listening = () => {
      server.off("error", reject);
      resolve();
    };
    if (config.host) server.listen(options.port, config.host, listening);
    else server.listen(options.port, listening);
  });
  startProcessJobs({ listening: true });
  return server;
}

/**
 * Graceful stop of one server process: not ready (GET /api/health/ready answers 503) while still
 * serving for SHUTDOWN_READY_DELAY_MS, so the load balancer stops sending before connections are
 * refused; then no new connections, the requests in flight answered (idle keep-alive connections
 * closed as they go quiet; whatever is still open after graceMs is cut), every answer written (even
 * those whose client hung up), then the background jobs stopped between batches and the database
 * client closed.
 */
export async function closeGateway(server: http.Server, graceMs: number): Promise<void> {
  startDraining();
  await new Promise((resolve) => setTimeout(resolve, getConfig().http.shutdownReadyDelayMs));
  const giveUpAt = Date.now() + graceMs;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);
  const answers = answersInFlight.get(server) ?? new Set();
  while ([...answers].some((answer) => !answer.writableEnded) && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopProcessJobs();
  await disconnectDb();
  await tracingStops.get(server)?.();
}
