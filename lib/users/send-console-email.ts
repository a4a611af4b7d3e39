import { getConfig } from "../config/config";
import { sendEmail } from "../email/send-email";
import type { ConsoleEmail } from "../i18n/console-emails";
import { randomAlphanumeric } from "../ids/new-id";
import { log } from "../log/logger";

/** What became of an e-mail to a console user: sent, refused or unreachable, or no SMTP_URL to send with. */
export type EmailOutcome = "sent" | "failed" | "not_configured";

/**
 * Sends one of the console's e-mails to a user and never throws: the link it carries was shown
 * or committed already, so a mail server that fails costs the e-mail, not the operation. The log
 * names the user and the reason, never the message (its link is a credential).
 */
export async function sendConsoleEmail(
  to: { id: string; email: string },
  email: ConsoleEmail,
  purpose: string,
): Promise<EmailOutcome> {
  const config = getConfig();
  if (!config.email) return "not_configured";
  try {
    await sendEmail({
      to: [to.email],
      subject: email.subject,
      text: email.text,
      // Each message is new (each carries another link): a random id, never the token.
      messageId: `<${purpose}.${randomAlphanumeric(20)}@${new URL(config.publicBaseUrl).hostname}>`,
    });
    log.info("console e-mail sent", { userId: to.id, purpose });
    return "sent";
  } catch (error) {
    log.warn("console e-mail not sent", {
      userId: to.id,
      purpose,
      error: error instanceof Error ? error.message : String(error),
    });
    return "failed";
  }
}
