import { withEnvelope } from "@/lib/envelope/with-envelope";
import { getBalance } from "@/lib/reads/get-balance";

// POST /api/balance - available, reserved and pending money in the key's mode
export const POST = withEnvelope("balance", ({ merchant, data }) => getBalance({ merchant, data }));
