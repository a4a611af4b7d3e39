// What an operator must act on, said twice: a row the console's overview shows until it is
// resolved, and one line at error level in the log (where an operator's log alerting looks). The
// log line is written only when the row is new, so a problem met at every reconciliation run is
// not repeated every minute.
import type { DbOrTx } from "../db/client";
import { type OperatorAlertKind, insertOperatorAlert } from "../db/operator-alerts";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";

export type OperatorAlert = {
  kind: OperatorAlertKind;
  /** Unique per kind: raising the same (kind, subject) again changes nothing. */
  subject: string;
  merchantId?: string | null;
  objectId?: string | null;
  amountCents?: bigint | null;
  /** Plain words for the operator; never a secret. */
  message: string;
};

/** True when the alert is new. Inside the caller's transaction when given one. */
export async function raiseOperatorAlert(db: DbOrTx, alert: OperatorAlert): Promise<boolean> {
  const isNew = await insertOperatorAlert(db, {
    id: newId("alr"),
    kind: alert.kind,
    subject: alert.subject,
    merchantId: alert.merchantId ?? null,
    objectId: alert.objectId ?? null,
    amountCents: alert.amountCents ?? null,
    message: alert.message,
  });
  if (isNew) {
    log.error(`operator alert: ${alert.message}`, {
      alert: alert.kind,
      subject: alert.subject,
      merchantId: alert.merchantId ?? undefined,
      objectId: alert.objectId ?? undefined,
      amount: alert.amountCents != null ? formatAmountDot(alert.amountCents) : undefined,
    });
  }
  return isNew;
}
