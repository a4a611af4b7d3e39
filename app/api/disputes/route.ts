import { withEnvelope } from "@/lib/envelope/with-envelope";
import { disputeListQuerySchema } from "@/lib/disputes/schemas";
import { listDisputes } from "@/lib/disputes/list-disputes";

// POST /api/disputes - the merchant's disputes of the key's mode, newest first, filtered and paged
export const POST = withEnvelope("disputes", disputeListQuerySchema, ({ merchant, data }) =>
  listDisputes({ merchant, data }),
);
