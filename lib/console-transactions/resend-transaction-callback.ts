import { resendAuditedCallback } from "../callbacks/resend-callback";
import { type Actor, assertRole, merchantScopeOf, outsideScope } from "../access/actor";
import { findCallbackEvent } from "../db/callback-events";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";

/**
 * "Reenviar" on a transaction's callback: the same event queued again (lib/callbacks/resend-callback),
 * by an operator or the merchant's admin, audited in the same transaction. Another merchant's
 * event is a 404, as one that does not exist.
 */
export async function resendTransactionCallback(actor: Actor, eventId: string) {
  assertRole(actor, "operator", "merchant-admin");
  const scope = merchantScopeOf(actor);
  return getDb().$transaction(async (tx) => {
    const event = await findCallbackEvent(tx, eventId);
    if (!event) throw new AppError("not_found", `no callback event ${eventId}`);
    if (scope !== null && event.merchantId !== scope)
      throw outsideScope(`no callback event ${eventId}`, { type: "callback_event", id: eventId });
    return resendAuditedCallback(tx, event, { actor, ip: actor.ip });
  });
}
