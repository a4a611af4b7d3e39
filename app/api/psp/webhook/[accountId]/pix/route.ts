import { handlePspWebhook } from "@/lib/psp-notices/handle-psp-webhook";

// POST /api/psp/webhook/{accountId}/pix - the same, at the path the API Pix appends to the registered URL
export async function POST(request: Request, context: { params: Promise<{ accountId: string }> }) {
  return handlePspWebhook(request, (await context.params).accountId);
}
