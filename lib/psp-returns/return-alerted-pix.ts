import { type Actor, assertRole } from "../access/actor";
import { isReturnableAlert } from "../alerts/alert-view";
import { getDb } from "../db/client";
import { findOperatorAlert } from "../db/operator-alerts";
import type { PspReturnRecord } from "../db/psp-returns";
import { AppError } from "../errors/app-error";
import { returnUnmatchedPix } from "./return-unmatched-pix";

/** The overview's "Devolver ao pagador" on an unmatched Pix: psp return, by an operator. */
export async function returnAlertedPix(actor: Actor, alertId: string): Promise<PspReturnRecord> {
  assertRole(actor, "operator");
  const alert = await findOperatorAlert(getDb(), alertId);
  if (!alert) throw new AppError("not_found", `no alert ${alertId}`);
  if (!isReturnableAlert(alert))
    throw new AppError("invalid_argument", `alert ${alert.id} is not about a Pix to return`);
  return returnUnmatchedPix({ endToEndId: alert.subject, actor, ip: actor.ip });
}
