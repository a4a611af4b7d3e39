// A worker of npm start (scripts/start.ts forks it): serves the build on PORT, with the background
// jobs its role runs, until SIGTERM or SIGINT stops it gracefully.
import { getConfig } from "../lib/config/config";
import { setAppRoot } from "../lib/runtime/app-root";
import { closeGateway, serveGateway } from "../lib/server/serve-gateway";
import { appRootOfEntry } from "./runtime-layout";

// A worker stopping gracefully is given this long to answer what it is serving before it is cut.
const SHUTDOWN_GRACE_MS = 25_000;

const root = appRootOfEntry(import.meta.dirname);
setAppRoot(root);
// The primary checked the settings before forking: they are read again here, not doubted.
const config = getConfig();
const server = await serveGateway({ dir: root, port: config.port }).catch((error: unknown) => {
  // A worker that cannot serve must not linger (running the jobs of an instance nobody reaches):
  // it exits, and the primary with it.
  console.error(`cannot serve on port ${config.port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
let isStopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    // A handler or a database call that never ends must not keep a stopping worker alive.
    setTimeout(() => process.exit(1), config.http.shutdownReadyDelayMs + SHUTDOWN_GRACE_MS + 5_000).unref();
    void closeGateway(server, SHUTDOWN_GRACE_MS).then(() => process.exit(0));
  });
}
