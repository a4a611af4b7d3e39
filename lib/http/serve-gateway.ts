// The HTTP server npm start runs around Next.js, for what `next start` cannot be told: how long a
// client may take to send its headers and its request (a slow body otherwise holds a socket for
// 300 s), and the client's address as the socket saw it, resolved through trusted proxies only.
import http from "node:http";
import next from "next";
import { getConfig } from "../config/config";
import { disconnectDb } from "../db/client";
import { stopProcessJobs } from "../jobs/start-server-jobs";
import { newNonce, securityHeaders } from "../security/security-headers";
import { CLIENT_IP_HEADER, resolveClientIp } from "./client-ip";
import { methodNotAllowed, routeRules } from "./route-rules";

const NEXT_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export async function serveGateway(options: { dir: string; port: number }): Promise<http.Server> {
  const config = getConfig();
  const app = next({ dev: false, dir: options.dir, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Node answers 408 and closes the socket when either limit runs out; it looks every second
  // (its default, 30 s, would let a slow client hold a socket three times longer than allowed).
  const timeouts = { headersTimeout: config.http.headersTimeoutMs, requestTimeout: config.http.requestTimeoutMs, connectionsCheckingInterval: 1000 };
  const server = http.createServer(timeouts, (request, response) => {
    // Methods Next.js has no handler for (TRACE, CONNECT…) fail inside it as a 500; they are
    // refused here with what proxy.ts gives every other answer.
    if (!NEXT_METHODS.has(request.method ?? "")) {
      const rules = routeRules(new URL(request.url ?? "/", "http://gateway").pathname);
      const refusal = methodNotAllowed(request.method ?? "", rules);
      response.writeHead(405, { ...securityHeaders({ kind: rules.kind, nonce: newNonce(), isProduction: config.isProduction }), ...refusal.headers }).end(refusal.body);
      return;
    }
    const forwardedFor = request.headers["x-forwarded-for"];
    request.headers[CLIENT_IP_HEADER] = resolveClientIp(
      request.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
      config.trustedProxies,
    );
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return server;
}

/**
 * Graceful stop of one server process: no new connections, the requests in flight answered (idle
 * keep-alive connections closed as they go quiet; whatever is still open after graceMs is cut),
 * then the background jobs stopped between batches and the database client closed.
 */
export async function closeGateway(server: http.Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);
  await stopProcessJobs();
  await disconnectDb();
}
