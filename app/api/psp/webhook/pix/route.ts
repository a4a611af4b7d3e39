import { handlePspWebhook } from "@/lib/psp-notices/handle-psp-webhook";

// POST /api/psp/webhook/pix - the same, at the path the API Pix appends to the registered URL
export const POST = (request: Request) => handlePspWebhook(request);
