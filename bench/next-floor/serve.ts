// Serves the floor app as npm start serves the gateway: WEB_CONCURRENCY worker processes (default:
// one per core) sharing the port through node:cluster, each Next.js's request handler behind a
// bare node:http server. bench/harness.ts compiles it to serve.mjs beside it (plain node, as the
// gateway's entries run): node bench/next-floor/serve.mjs PORT
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import next from "next";

const port = Number(process.argv[2]);
const workers = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());

if (cluster.isPrimary) {
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === workers) process.stdout.write(`Ready in ${workers} workers\n`);
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const app = next({ dev: false, dir: import.meta.dirname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  http.createServer((request, response) => void handle(request, response)).listen(port);
}
