import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { findBankProgress } from "@/lib/initiations/find-bank-progress";

export const dynamic = "force-dynamic";

// GET /pay/{token}/status - what the Pix page polls: open, paid, failed or expired, nothing more;
// with ?banco, what the wait for a live customer's bank polls: also how the newest attempt stands
// (none, pending, paid, failed), asked at the initiator while it is pending
export async function GET(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const payment = await findHostedPayment((await context.params).token);
  if (!payment) return Response.json({ error: "not found" }, { status: 404 });
  const isBank = new URL(request.url).searchParams.has("banco") && !payment.isSimulated;
  const bank = isBank ? (await findBankProgress(payment)).status : undefined;
  return Response.json({ state: payment.state, bank }, { headers: { "cache-control": "no-store" } });
}
