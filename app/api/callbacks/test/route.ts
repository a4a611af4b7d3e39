import { sendTestCallback } from "@/lib/sandbox/send-test-callback";
import { withEnvelope } from "@/lib/envelope/with-envelope";
import { testCallbackRequestSchema } from "@/lib/sandbox/schemas";

// POST /api/callbacks/test - send a test callback to the merchant's URL and answer with the attempt (sandbox keys only)
export const POST = withEnvelope("callbacks_test", testCallbackRequestSchema, ({ merchant }) =>
  sendTestCallback(merchant),
);
