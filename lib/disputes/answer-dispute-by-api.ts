import { apiAuditActor } from "../audit/api-audit-actor";
import type { MerchantRecord } from "../db/merchants";
import { toDisputeItem } from "./dispute-view";
import { respondToDispute } from "./respond-to-dispute";
import { type DisputeItem, respondToDisputeSchema } from "./schemas";

/** POST /api/disputes/respond: the merchant's one answer to its dispute, by the key that signed it. */
export async function answerDisputeByApi(options: {
  merchant: MerchantRecord;
  keyId: string;
  ip: string;
  data: unknown;
}): Promise<{ code: number; data: DisputeItem }> {
  const dispute = await respondToDispute({
    answer: respondToDisputeSchema.parse(options.data),
    scope: { merchantId: options.merchant.id, mode: options.merchant.mode },
    answeredBy: `api:${options.keyId}`,
    audit: { actor: apiAuditActor(options.keyId), ip: options.ip },
  });
  return { code: 200, data: toDisputeItem(dispute) };
}
