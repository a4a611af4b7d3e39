// Next.js calls register() once when a server starts: background jobs (callback delivery, deposit
// expiry) run beside the routes; see lib/jobs/start-server-jobs.ts. Under npm start this runs
// before the port is bound, so there the server starts them once it listens instead.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startProcessJobs } = await import("./lib/jobs/start-server-jobs");
  startProcessJobs();
}
