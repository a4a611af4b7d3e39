// A mail server on the loopback interface (the `smtp-server` package) that takes every message
// and keeps it, as an operator's relay would: what the gateway's e-mails really say on the wire.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** `subject` and `text` as a mail client shows them (RFC 2047 words and quoted-printable decoded). */
export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

const decodeBytes = (encoded: string) =>
  Buffer.from(
    encoded.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

function readMail(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = (/^Subject: (.*)$/m.exec(headers)?.[1] ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => decodeBytes(word.replaceAll("_", " ")));
  const body = rest.join("\n\n");
  const text = /^Content-Transfer-Encoding: quoted-printable$/im.test(headers)
    ? decodeBytes(body.replace(/=\r?\n/g, ""))
    : body;
  return { subject, text: text.replace(/\r\n/g, "\n") };
}

export type SmtpSink = { url: string; received: ReceivedMail[]; close: () => Promise<void> };

/** `refuse`: recipients it answers 550 for, as a relay does for a mailbox it does not know. */
export async function startSmtpSink(options: { refuse?: string[] } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) callback(new Error("550 mailbox unavailable"));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          ...readMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
