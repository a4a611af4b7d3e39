// Next.js calls register() once when a server starts: the callback worker runs beside the routes
// unless CALLBACK_WORKER=false (when a separate `npm run cashier -- callbacks run` does the work).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerCallbackWorker } = await import("./lib/callbacks/start-server-callback-worker");
  startServerCallbackWorker();
}
