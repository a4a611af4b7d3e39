// A merchant's API request budget (issue 40): its own, set by `merchant update --rate-limit`, or the
// deployment's RATE_LIMIT_REQUESTS.
import { getConfig } from "../config/config";

/**
 * The most a merchant may be given: about 16,000 requests a second, far past what one deployment
 * serves (docs/operating.md#capacity), so a typo of an extra digit or two is refused.
 */
export const MAX_REQUESTS_PER_MINUTE = 1_000_000;

/** What a merchant's API requests may be a minute: its own budget, else the deployment's. */
export const requestBudgetOf = (merchant: { requestsPerMinute: number | null }): number =>
  merchant.requestsPerMinute ?? getConfig().rateLimits.requests;

/** A merchant's budget as the CLI prints it: the figure in force, and whether it is its own. */
export function requestBudgetView(merchant: { requestsPerMinute: number | null }) {
  return {
    requestsPerMinute: requestBudgetOf(merchant),
    requestBudget: merchant.requestsPerMinute === null ? ("default" as const) : ("merchant" as const),
  };
}
