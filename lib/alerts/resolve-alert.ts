// An operator says an alert is dealt with (the merchant was told of a MED, the charge was looked
// into): it leaves the overview, and the audit log says who and when.
import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { findOperatorAlert, resolveOperatorAlert } from "../db/operator-alerts";
import { AppError } from "../errors/app-error";

export async function resolveAlert(actor: Actor, alertId: string): Promise<void> {
  assertRole(actor, "operator");
  const alert = await findOperatorAlert(getDb(), alertId);
  if (!alert) throw new AppError("not_found", `no alert ${alertId}`);
  await getDb().$transaction(async (tx) => {
    if (!(await resolveOperatorAlert(tx, { id: alert.id, by: actor.email, at: new Date() }))) {
      throw new AppError("state_conflict", `alert ${alert.id} was already resolved`);
    }
    await recordAuditEvent(tx, {
      actor,
      action: "alert.resolved",
      targetType: "operator_alert",
      targetId: alert.id,
      merchantId: alert.merchantId,
      ip: actor.ip,
      detail: { kind: alert.kind, subject: alert.subject },
    });
  });
}
