// The gateway's one e-mail transport (SMTP_URL, through nodemailer): operator alerts now, console
// invitations later. One pooled transport per process; every step of a send has the callbacks'
// timeout, so a mail server that does not answer holds a delivery no longer than a callback.
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "../config/config";

export type Email = {
  to: string[];
  subject: string;
  text: string;
  /** The same on every attempt, so a mail client shows a message sent twice once. */
  messageId: string;
};

const TRANSPORT = Symbol.for("cashier.emailTransport");
type WithTransport = { [TRANSPORT]?: { smtpUrl: string; transporter: Transporter } };

function transport(): Transporter {
  const config = getConfig();
  if (!config.email) throw new Error("SMTP_URL is not set: this gateway sends no e-mail");
  const holder = globalThis as WithTransport;
  const timeout = config.callbacks.timeoutMs;
  const { smtpUrl, from } = config.email;
  // Made again when the configuration changes under it (a test pointing at another server).
  if (holder[TRANSPORT]?.smtpUrl !== smtpUrl) {
    holder[TRANSPORT]?.transporter.close();
    const transporter = nodemailer.createTransport(
      { url: smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
      { from },
    );
    holder[TRANSPORT] = { smtpUrl, transporter };
  }
  return holder[TRANSPORT].transporter;
}

/** Hands the message to the SMTP server; throws with the server's reason when it refuses. */
export async function sendEmail(email: Email): Promise<void> {
  await transport().sendMail({
    to: email.to,
    subject: email.subject,
    text: email.text,
    messageId: email.messageId,
  });
}
