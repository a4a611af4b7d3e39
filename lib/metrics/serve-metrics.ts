// npm start's primary serves /metrics on METRICS_PORT: its workers' counters summed (prom-client's
// AggregatorRegistry asks each over the cluster's IPC, and sums, takes the maximum or averages as
// each metric says). A port of its own, never the public one: Prometheus scrapes it from inside
// the deployment, and the proxy in front of the gateway does not route to it.
import http from "node:http";
import client from "prom-client";

export async function serveMetrics(port: number, host: string | null): Promise<http.Server> {
  const registry = new client.AggregatorRegistry();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || !["GET", "HEAD"].includes(request.method ?? "")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found: GET /metrics\n");
      return;
    }
    registry.clusterMetrics().then(
      (text) =>
        response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text),
      // A worker that did not answer within prom-client's 5 s: the scrape fails and Prometheus says so.
      (error: unknown) =>
        response
          .writeHead(503, { "content-type": "text/plain; charset=utf-8" })
          .end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // A port already taken rejects here, and the primary exits: an instance that cannot be watched
  // is not started as if it could.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const listening = () => {
      server.off("error", reject);
      resolve();
    };
    if (host) server.listen(port, host, listening);
    else server.listen(port, listening);
  });
  return server;
}
