import { withEnvelope } from "@/lib/envelope/with-envelope";
import { transactionListQuerySchema } from "@/lib/reads/schemas";
import { listTransactions } from "@/lib/reads/list-transactions";

// POST /api/transactions - deposits, payouts and refunds of the key's mode, newest first, filtered and paged
export const POST = withEnvelope("transactions", transactionListQuerySchema, ({ merchant, data }) =>
  listTransactions({ merchant, data }),
);
