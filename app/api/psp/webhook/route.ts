import { handlePspWebhook } from "@/lib/psp-notices/handle-psp-webhook";

// POST /api/psp/webhook - the implicit account's notifications (PIX_PSP_*), confirmed before anything changes
export const POST = (request: Request) => handlePspWebhook(request);
