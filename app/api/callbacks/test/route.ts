import { sendTestCallback } from "@/lib/sandbox/send-test-callback";
import { withEnvelope } from "@/lib/envelope/with-envelope";

// POST /api/callbacks/test - send a test callback to the merchant's URL and answer with the attempt (sandbox keys only)
export const POST = withEnvelope("callbacks_test", ({ merchant }) => sendTestCallback(merchant));
