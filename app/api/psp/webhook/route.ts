import { handlePspWebhook } from "@/lib/deposits/handle-psp-webhook";

// POST /api/psp/webhook - the PSP's notifications of received Pix (confirmed before settling)
export const POST = handlePspWebhook;
