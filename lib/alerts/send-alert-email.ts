import { getConfig } from "../config/config";
import type { OperatorAlertRecord } from "../db/operator-alerts";
import { sendEmail } from "../email/send-email";
import { describeAlert } from "./describe-alert";

/** Null once the SMTP server took the message; otherwise its reason, or the connection's. */
export async function sendAlertEmail(alert: OperatorAlertRecord): Promise<string | null> {
  const config = getConfig();
  const to = config.alerts.emailTo;
  if (!to || !config.email) return "ALERT_EMAIL_TO or SMTP_URL is no longer set";
  const described = describeAlert(alert);
  try {
    await sendEmail({
      to,
      subject: described.subject,
      text: described.lines.join("\n"),
      messageId: `<${alert.id}@${new URL(config.publicBaseUrl).hostname}>`,
    });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
