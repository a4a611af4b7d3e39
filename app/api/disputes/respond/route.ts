import { withEnvelope } from "@/lib/envelope/with-envelope";
import { clientIpOf } from "@/lib/http/client-ip";
import { answerDisputeByApi } from "@/lib/disputes/answer-dispute-by-api";
import { respondToDisputeSchema } from "@/lib/disputes/schemas";

// POST /api/disputes/respond - the merchant's one answer to a dispute, sent to the PSP at once
export const POST = withEnvelope("disputes_respond", respondToDisputeSchema, ({ merchant, keyId, data, request }) =>
  answerDisputeByApi({ merchant, keyId, ip: clientIpOf(request), data }),
);
