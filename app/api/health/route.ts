import { pingDatabase } from "@/lib/db/ping";

export const dynamic = "force-dynamic";

// GET /api/health - 200 when the database answers, 503 when it does not (for load balancers)
export async function GET(): Promise<Response> {
  const isUp = await pingDatabase();
  return Response.json(
    { status: isUp ? "ok" : "unavailable", database: isUp ? "up" : "down" },
    { status: isUp ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
