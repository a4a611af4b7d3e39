// The floor of any Next.js gateway: the baseline's work (bench/baseline-work.ts: bare drivers, no
// Prisma, no envelope wrapper, no proxy) answered from an App Router route handler under
// `next start`. What this measures below the bare baseline is what Next.js itself costs.
import { createBaselineWork } from "../../../../baseline-work";

const work = createBaselineWork({
  databaseUrl: process.env.FLOOR_DATABASE_URL ?? "",
  keyId: process.env.FLOOR_KEY_ID ?? "",
  secret: process.env.FLOOR_SECRET ?? "",
  merchantId: process.env.FLOOR_MERCHANT_ID ?? "",
});

export async function POST(request: Request, context: { params: Promise<{ operation: string }> }): Promise<Response> {
  const answer = await work(`/api/${(await context.params).operation}`, await request.text());
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
}
