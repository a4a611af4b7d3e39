// The gateway's one e-mail transport (SMTP_URL, through nodemailer): operator alerts now, console
// invitations later. One pooled connection per process. A send that has not finished within twice
// the callbacks' timeout is given up and its connection closed: a delivery's lease lasts three, so
// a mail server that stalls command after command never outlives the lease and lets a second
// worker send the same message beside it.
import type { Transporter } from "nodemailer";
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

/** nodemailer, loaded at the first send: a third of a second of every process's start otherwise (the CLI's, each server worker's). */
async function transport(): Promise<Transporter> {
  const config = getConfig();
  if (!config.email) throw new Error("SMTP_URL is not set: this gateway sends no e-mail");
  const holder = globalThis as WithTransport;
  const timeout = config.callbacks.timeoutMs;
  const { smtpUrl, from } = config.email;
  // Before the check, so two first sends cannot both find no transport and both make one.
  const { default: nodemailer } = await import("nodemailer");
  // Made again when the configuration changes under it (a test pointing at another server).
  if (holder[TRANSPORT]?.smtpUrl !== smtpUrl) {
    holder[TRANSPORT]?.transporter.close();
    const transporter = nodemailer.createTransport(
      {
        url: smtpUrl,
        pool: true,
        maxConnections: 1,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      },
      { from },
    );
    holder[TRANSPORT] = { smtpUrl, transporter };
  }
  return holder[TRANSPORT].transporter;
}

class SendTimeout extends Error {}

/** Hands the message to the SMTP server; throws with the server's reason when it refuses any recipient. */
export async function sendEmail(email: Email): Promise<void> {
  const transporter = await transport();
  const deadlineMs = getConfig().callbacks.timeoutMs * 2;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SendTimeout(`the mail server did not take the message within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    const sent = await Promise.race([
      transporter.sendMail({ to: email.to, subject: email.subject, text: email.text, messageId: email.messageId }),
      deadline,
    ]);
    // Some recipients refused, others not: a failure, retried for all (the Message-ID lets a
    // mail client show the copy a recipient already had once).
    const rejected: (string | { address: string })[] = sent.rejected ?? [];
    if (rejected.length > 0) {
      const refused = rejected.map((address) => (typeof address === "string" ? address : address.address));
      throw new Error(`the mail server refused ${refused.join(", ")}`);
    }
  } catch (error) {
    if (error instanceof SendTimeout) {
      // The stalled connection goes with its transport; the next send opens another.
      transporter.close();
      delete (globalThis as WithTransport)[TRANSPORT];
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
