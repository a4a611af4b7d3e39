export const dynamic = "force-dynamic";

// GET /api/health/live - 200 whenever this process serves requests (a load balancer restarts it otherwise)
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
