import { withEnvelope } from "@/lib/envelope/with-envelope";
import { forwardedEventSchema } from "@/lib/reads/schemas";
import { recordForwardedEvent } from "@/lib/reads/record-forwarded-event";

// POST /api/events/forwarded - the merchant's forwarder reports an event it posted to their machine
export const POST = withEnvelope("events_forwarded", forwardedEventSchema, ({ merchant, keyId, data }) =>
  recordForwardedEvent({ merchant, keyId, data }),
);
