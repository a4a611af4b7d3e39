// An operator alert POSTed to ALERT_WEBHOOK_URL: a JSON body whose `text` Slack (and Mattermost,
// Rocket.Chat, Google Chat) show as the message and whose `alert` a program reads, signed as
// Stripe signs its webhooks: `X-Cashier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>" under ALERT_WEBHOOK_SECRET>`. The URL is the operator's own, so it may be a
// private address (an Alertmanager, a relay on the same network), unlike a merchant's callback.
import { createHmac } from "node:crypto";
import { checkCallbackTarget } from "../callbacks/check-callback-target";
import { postCallback } from "../callbacks/post-callback";
import { getConfig } from "../config/config";
import type { OperatorAlertRecord } from "../db/operator-alerts";
import { formatAmountDot } from "../money/format-amount";
import { describeAlert } from "./describe-alert";

const ALERT_SIGNATURE_HEADER = "x-cashier-signature";

function signAlertBody(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

function alertWebhookBody(alert: OperatorAlertRecord): string {
  const described = describeAlert(alert);
  return JSON.stringify({
    text: `${described.subject}\n${alert.message}\n${described.consoleUrl}`,
    alert: {
      id: alert.id,
      kind: alert.kind,
      subject: alert.subject,
      merchant_id: alert.merchantId,
      object_id: alert.objectId,
      amount: alert.amountCents === null ? null : formatAmountDot(alert.amountCents),
      message: alert.message,
      created_at: alert.createdAt.toISOString(),
      console_url: described.consoleUrl,
    },
  });
}

/** Null once the receiver answered 2xx; otherwise why not, in words an operator reads. */
export async function sendAlertWebhook(alert: OperatorAlertRecord): Promise<string | null> {
  const config = getConfig();
  const webhook = config.alerts.webhook;
  if (!webhook) return "ALERT_WEBHOOK_URL is no longer set";
  const target = await checkCallbackTarget(webhook.url, { allowPrivate: true, requireHttps: false });
  if (!target.isAllowed) return target.reason;
  const body = alertWebhookBody(alert);
  const signature = signAlertBody(webhook.secret, Math.floor(Date.now() / 1000), body);
  const outcome = await postCallback(target, body, config.callbacks.timeoutMs, {
    "user-agent": "Cashier-Alerts/1",
    [ALERT_SIGNATURE_HEADER]: signature,
  });
  if (outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300) return null;
  return outcome.httpStatus !== null
    ? `the webhook answered HTTP ${outcome.httpStatus}`
    : (outcome.error ?? "no answer");
}
