import { checkReadiness } from "@/lib/health/check-readiness";

export const dynamic = "force-dynamic";

// GET /api/health/ready - 200 when this instance should be sent requests, 503 (with each check) when not
export async function GET(): Promise<Response> {
  const { isReady, body } = await checkReadiness();
  return Response.json(body, {
    status: isReady ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
