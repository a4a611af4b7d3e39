// One server's reconciler, in a process of its own, so a test can run several against one
// database and PSP as a deployment does, and stop one of them.
// Usage: node --import tsx reconciler-process.ts INTERVAL_MS   (env: the gateway's; SIGTERM stops it)
import { disconnectDb } from "@/lib/db/client";
import { runReconciler } from "@/lib/jobs/run-reconciler";

const controller = new AbortController();
process.once("SIGTERM", () => controller.abort());
process.stdout.write("ready\n");
await runReconciler({ intervalMs: Number(process.argv[2]), signal: controller.signal });
await disconnectDb();
process.exit(0);
