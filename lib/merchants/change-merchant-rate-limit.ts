import { z } from "zod";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { findMerchant, updateMerchantRequestBudget } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { MAX_REQUESTS_PER_MINUTE, requestBudgetView } from "./request-budget";

const NOT_A_BUDGET = 'must be a whole number of requests a minute, or "default"';
// Digits only: Number() alone would also take "0x10", "1e3" and "", which no operator means.
const requestsPerMinuteSchema = z
  .string()
  .regex(/^\d+$/, NOT_A_BUDGET)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, "must be at least 1 request a minute")
      .max(MAX_REQUESTS_PER_MINUTE, `must be at most ${MAX_REQUESTS_PER_MINUTE} requests a minute`),
  );

/**
 * `merchant update --rate-limit N|default`: the verified API requests a minute the merchant may
 * send, all its keys together, past which each gets a signed 429. "default" gives it back
 * RATE_LIMIT_REQUESTS. Takes effect at its next request; audited with before and after.
 */
export async function changeMerchantRateLimit(
  merchantId: string,
  rateLimit: string,
  by: AuditActor,
  ip: string | null = null,
) {
  const given = rateLimit.trim();
  const parsed = given === "default" ? null : requestsPerMinuteSchema.safeParse(given);
  if (parsed && !parsed.success)
    throw new AppError("invalid_argument", `--rate-limit: ${parsed.error.issues[0]?.message ?? NOT_A_BUDGET}`);
  const requestsPerMinute = parsed ? parsed.data : null;
  return getDb().$transaction(async (tx) => {
    const before = await findMerchant(tx, merchantId);
    if (!before || !(await updateMerchantRequestBudget(tx, merchantId, requestsPerMinute)))
      throw new AppError("not_found", `no merchant ${merchantId}`);
    await recordAuditEvent(tx, {
      actor: by,
      action: "merchant.rate_limit_changed",
      targetType: "merchant",
      targetId: merchantId,
      merchantId,
      ip,
      detail: { requests_per_minute: { from: before.requestsPerMinute, to: requestsPerMinute } },
    });
    return { merchantId, ...requestBudgetView({ requestsPerMinute }) };
  });
}
