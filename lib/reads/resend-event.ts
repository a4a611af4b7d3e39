import { apiAuditActor } from "../audit/api-audit-actor";
import { resendAuditedCallback } from "../callbacks/resend-callback";
import { findCallbackEvent } from "../db/callback-events";
import { getDb } from "../db/client";
import type { MerchantRecord } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { type ResendEventAnswer, resendEventSchema } from "./schemas";

/**
 * POST /api/events/resend: the console's "Reenviar" by API. The same event (event_id, payload) is
 * queued again from the start of its retry schedule, and the audit log names the key that asked.
 * Another merchant's event, or one of the other mode, is a 404 as one that does not exist.
 */
export async function resendEvent(options: {
  merchant: MerchantRecord;
  keyId: string;
  ip: string;
  data: unknown;
}): Promise<{ code: number; data: ResendEventAnswer }> {
  const { event_id: eventId } = resendEventSchema.parse(options.data);
  const { merchant } = options;
  const resent = await getDb().$transaction(async (tx) => {
    const event = await findCallbackEvent(tx, eventId);
    if (!event || event.merchantId !== merchant.id || event.mode !== merchant.mode)
      throw new AppError("not_found", `no callback event ${eventId} for this key's merchant and mode`);
    return resendAuditedCallback(tx, event, { actor: apiAuditActor(options.keyId), ip: options.ip });
  });
  return { code: 200, data: resent };
}
