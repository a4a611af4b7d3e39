import { withEnvelope } from "@/lib/envelope/with-envelope";
import { balanceQuerySchema } from "@/lib/reads/schemas";
import { getBalance } from "@/lib/reads/get-balance";

// POST /api/balance - available, reserved and pending money in the key's mode
export const POST = withEnvelope("balance", balanceQuerySchema, ({ merchant, data }) => getBalance({ merchant, data }));
