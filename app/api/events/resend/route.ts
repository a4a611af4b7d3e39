import { withEnvelope } from "@/lib/envelope/with-envelope";
import { resendEventSchema } from "@/lib/reads/schemas";
import { clientIpOf } from "@/lib/http/client-ip";
import { resendEvent } from "@/lib/reads/resend-event";

// POST /api/events/resend - queue one of the merchant's callback events again, audited
export const POST = withEnvelope("events_resend", resendEventSchema, ({ merchant, keyId, data, request }) =>
  resendEvent({ merchant, keyId, ip: clientIpOf(request), data }),
);
