// A gateway process pointed at the PSP simulator, for integration tests of the live rail: the
// simulator, the gateway's PSP webhook behind a real HTTP server the simulator posts to, and this
// process's environment set (before anything reads the configuration) as an operator's would be.
import { type PspSimulatorOptions, startPspSimulator } from "../psp-simulator/start-psp-simulator";
import { startRouteServer } from "./route-server";

export const WEBHOOK_SECRET = "webhook-secret-0123456789";

export async function startLivePsp(options: { simulator?: PspSimulatorOptions; env?: Record<string, string> } = {}) {
  const simulator = await startPspSimulator(options.simulator);
  const { POST: webhook } = await import("@/app/api/psp/webhook/route");
  const { POST: webhookPix } = await import("@/app/api/psp/webhook/pix/route");
  const gateway = await startRouteServer({ "/api/psp/webhook": webhook, "/api/psp/webhook/pix": webhookPix });
  Object.assign(process.env, simulator.env, {
    PUBLIC_BASE_URL: gateway.url,
    PIX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CALLBACK_RETRY_SCHEDULE: "0",
    ...options.env,
  });
  const { reconcileLiveDeposits } = await import("@/lib/jobs/reconcile-live-deposits");
  return {
    simulator,
    gateway,
    /** POSTs a notification to the gateway's webhook as the PSP would (with the secret by default). */
    postNotification: (body: unknown, query = `?secret=${WEBHOOK_SECRET}`) =>
      fetch(`${gateway.url}/api/psp/webhook/pix${query}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    /** Reconciliation as the next run would see it: charge calls younger than 15 s are left alone. */
    reconcileLater: () => reconcileLiveDeposits(new Date(Date.now() + 20_000)),
    close: async () => {
      await gateway.close();
      await simulator.close();
    },
  };
}
