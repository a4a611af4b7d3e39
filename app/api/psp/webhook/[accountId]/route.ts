import { handlePspWebhook } from "@/lib/psp-notices/handle-psp-webhook";

// POST /api/psp/webhook/{accountId} - a provider account's notifications, confirmed before anything changes
export async function POST(request: Request, context: { params: Promise<{ accountId: string }> }) {
  return handlePspWebhook(request, (await context.params).accountId);
}
