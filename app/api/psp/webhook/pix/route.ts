import { handlePspWebhook } from "@/lib/deposits/handle-psp-webhook";

// POST /api/psp/webhook/pix - the same, at the path the API Pix appends to the registered URL
export const POST = handlePspWebhook;
