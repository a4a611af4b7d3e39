// POST /api/callbacks/test (contract section 8): one callback of type "test" to the merchant's
// URL now, signed like every callback, and the attempt as the answer. Nothing is stored or retried:
// it shows a developer their endpoint as the gateway sees it, within the merchant's budget of test
// callbacks and resends, and a failure in the same coarse words as an attempt's.
import type { MerchantRecord } from "../db/merchants";
import { newId } from "../ids/new-id";
import { assertSandboxMerchant } from "./assert-sandbox-merchant";
import type { TestCallbackAnswer } from "./schemas";
import { findDestination } from "../callbacks/attempt-callback";
import { isTakenStatus } from "../callbacks/post-callback";
import { sendCallback } from "../callbacks/send-callback";
import { spendCallbackSend } from "../callbacks/spend-callback-send";

export async function sendTestCallback(merchant: MerchantRecord): Promise<{ code: number; data: TestCallbackAnswer }> {
  assertSandboxMerchant(merchant, "POST /api/callbacks/test");
  await spendCallbackSend(merchant.id);
  const destination = await findDestination(merchant.id);
  const sentAt = new Date();
  const eventId = newId("evt");
  // An attempt like the outbox's, with an id of its own for the token's jti; none is stored.
  const outcome = await sendCallback(
    { event_id: eventId, type: "test", occurred_at: sentAt.toISOString() },
    destination,
    newId("att"),
  );
  return {
    code: 200,
    data: {
      event_id: eventId,
      url: destination.url,
      sent_at: sentAt.toISOString(),
      http_status: outcome.httpStatus,
      latency_ms: outcome.latencyMs,
      body_excerpt: outcome.responseExcerpt,
      error: outcome.error,
      delivered: isTakenStatus(outcome.httpStatus),
    },
  };
}
