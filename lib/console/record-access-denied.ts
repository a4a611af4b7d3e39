// A console page or action refused to a signed-in user leaves a trace: an access.denied audit
// event, at most ACCESS_DENIED_AUDITS_PER_HOUR a user so that probing ids cannot flood the audit
// log, and a line in the server's log for every refusal.
import type { Actor } from "../access/actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";

/** What was refused: a page or console route (its path) or a server action (its name, as `keys.revoke`). */
export type Refused = { page: string } | { action: string };

/**
 * Records `error` when it is an access denial (lib/access); any other refusal (a form's invalid
 * field, a payout already marked) is not one and records nothing. The refusal stands either way.
 */
export async function recordAccessDenied(actor: Actor, refused: Refused, error: unknown): Promise<void> {
  const denial = isAppError(error) ? error.denial : undefined;
  if (!denial) return;
  // A role refusal names no object: what was refused is the page or action itself.
  const target =
    denial.target ?? ("page" in refused ? { type: "page", id: refused.page } : { type: "action", id: refused.action });
  let isAudited = false;
  try {
    const budget = await consumeRateLimit("accessDeniedUser", actor.userId);
    if (!budget.isLimited) {
      await recordAuditEvent(getDb(), {
        actor,
        action: "access.denied",
        targetType: target.type,
        targetId: target.id,
        merchantId: actor.merchantId,
        ip: actor.ip,
        detail: {
          ...refused,
          reason: denial.reason,
          // The user's last recorded refusal this hour: the rest are in the server's log only.
          ...(budget.remainingPoints === 0 ? { more_in_server_log: true } : {}),
        },
      });
      isAudited = true;
    }
  } catch (failure) {
    log.error("access denial not recorded", { error: failure instanceof Error ? failure.message : String(failure) });
  }
  log.warn("console access denied", {
    user: actor.userId,
    role: actor.role,
    merchant: actor.merchantId,
    ...refused,
    reason: denial.reason,
    target: `${target.type} ${target.id}`,
    ip: actor.ip,
    audited: isAudited,
  });
}
