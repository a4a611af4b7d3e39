// What an operator must act on, said three times: a row the console's overview shows until it is
// resolved, one line at error level in the log (where an operator's log alerting looks), and a
// message to a person on each configured channel (a webhook, e-mail), which the callback workers
// send (deliver-due-alerts). The log line and the messages come only when the row is new, so a
// problem met at every reconciliation run is not repeated every minute.
import { getConfig } from "../config/config";
import type { DbOrTx } from "../db/client";
import { type AlertChannel, type OperatorAlertKind, insertOperatorAlert } from "../db/operator-alerts";
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

/** Where alerts go besides the console: each channel whose settings are whole. */
export function configuredAlertChannels(): AlertChannel[] {
  const { alerts, email } = getConfig();
  const channels: AlertChannel[] = [];
  if (alerts.webhook) channels.push("webhook");
  if (alerts.emailTo && email) channels.push("email");
  return channels;
}

/** True when the alert is new. Inside the caller's transaction when given one. */
export async function raiseOperatorAlert(db: DbOrTx, alert: OperatorAlert): Promise<boolean> {
  const channels = configuredAlertChannels();
  const isNew = await insertOperatorAlert(
    db,
    {
      id: newId("alr"),
      kind: alert.kind,
      subject: alert.subject,
      merchantId: alert.merchantId ?? null,
      objectId: alert.objectId ?? null,
      amountCents: alert.amountCents ?? null,
      message: alert.message,
    },
    channels.map((channel) => ({ id: newId("ald"), channel })),
  );
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
