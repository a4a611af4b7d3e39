import { getConfig } from "../config/config";
import { AppError } from "../errors/app-error";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";

/**
 * Counts a test callback or a resend against its merchant's budget, console and API together, or
 * refuses it (429, Retry-After): the outbox's own attempts follow the retry schedule, these follow
 * whoever asks, and 300 asked at once were 300 POSTs in under 5 s.
 */
export async function spendCallbackSend(merchantId: string): Promise<void> {
  const budget = await consumeRateLimit("callbackSend", merchantId);
  if (!budget.isLimited) return;
  throw new AppError(
    "rate_limited",
    `more than ${getConfig().rateLimits.callbackSends} test callbacks and resends a minute for this merchant; retry after ${budget.retryAfterSeconds} s`,
    undefined,
    undefined,
    budget.retryAfterSeconds,
  );
}
