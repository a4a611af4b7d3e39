import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";

export const dynamic = "force-dynamic";

// GET /pay/{token}/status - what the Pix page polls: open, paid, failed or expired, nothing more
export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const payment = await findHostedPayment((await context.params).token);
  if (!payment) return Response.json({ error: "not found" }, { status: 404 });
  return Response.json({ state: payment.state }, { headers: { "cache-control": "no-store" } });
}
