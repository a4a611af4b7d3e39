import { getDb } from "../db/client";
import { listMerchantDisputes } from "../db/disputes";
import type { MerchantRecord } from "../db/merchants";
import { readKeysetPage } from "../db/read-keyset-page";
import { pageCursors } from "../listing/query";
import { toDisputeItem } from "./dispute-view";
import { type DisputeListAnswer, disputeListQuerySchema } from "./schemas";

/** POST /api/disputes: the key's merchant's disputes of its mode, newest first, filtered and paged. */
export async function listDisputes(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ code: number; data: DisputeListAnswer }> {
  const query = disputeListQuerySchema.parse(options.data);
  const page = await readKeysetPage(
    (request) =>
      listMerchantDisputes(getDb(), {
        merchantId: options.merchant.id,
        mode: options.merchant.mode,
        status: query.status,
        depositId: query.deposit_id,
        page: request,
      }),
    { after: query.after, before: query.before },
    query.limit,
  );
  const { nextCursor, previousCursor } = pageCursors(page);
  return {
    code: 200,
    data: { disputes: page.rows.map(toDisputeItem), next_cursor: nextCursor, previous_cursor: previousCursor },
  };
}
