import { checkHealth } from "@/lib/health/check-health";

export const dynamic = "force-dynamic";

// GET /api/health - 200 when the database answers, 503 when it does not (for load balancers)
export async function GET(): Promise<Response> {
  const { isUp, body } = await checkHealth();
  return Response.json(body, { status: isUp ? 200 : 503, headers: { "cache-control": "no-store" } });
}
