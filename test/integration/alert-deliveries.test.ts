// Issue 39: an operator alert reaches a person. Raised once, it is POSTed once to a local webhook
// receiver (its signature checked the way the docs tell a receiver to) and sent once to a local
// SMTP server; a receiver that fails is tried again on the callbacks' schedule, and one that
// stays down ends failed, which the overview's alert shows.
import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../support/callback-receiver";
import { closedPort } from "../support/closed-port";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const SECRET = "alert-webhook-secret-of-the-test-0123456789";

let receiver: Receiver;
let sink: SmtpSink;

beforeAll(async () => {
  receiver = await startReceiver();
  sink = await startSmtpSink();
});

afterAll(async () => {
  await receiver?.close();
  await sink?.close();
});

const { forgetConfig } = await import("@/lib/config/config");
const { getDb } = await import("@/lib/db/client");
const { raiseOperatorAlert } = await import("@/lib/alerts/raise-operator-alert");
const { deliverDueAlerts } = await import("@/lib/alerts/deliver-due-alerts");
const { listOperatorAlerts } = await import("@/lib/alerts/list-operator-alerts");

/** Points the process at the receivers (the config is read again) with a schedule of `retries` immediate retries. */
function configure(options: { webhookUrl: string; smtpUrl: string; retries: number }): void {
  Object.assign(process.env, {
    ALERT_WEBHOOK_URL: options.webhookUrl,
    ALERT_WEBHOOK_SECRET: SECRET,
    SMTP_URL: options.smtpUrl,
    ALERT_EMAIL_TO: "ops@cashier.example, oncall@cashier.example",
    CALLBACK_RETRY_SCHEDULE: Array.from({ length: options.retries }, () => "0").join(","),
  });
  forgetConfig();
}

afterAll(() => {
  for (const name of [
    "ALERT_WEBHOOK_URL",
    "ALERT_WEBHOOK_SECRET",
    "SMTP_URL",
    "ALERT_EMAIL_TO",
    "CALLBACK_RETRY_SCHEDULE",
  ])
    delete process.env[name];
  forgetConfig();
});

/** What docs/operating.md tells a receiver to do: recompute the HMAC over "<t>.<body>" and compare. */
function isSignedBySecret(header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", SECRET).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], "hex"));
}

let sequence = 0;
const alertAbout = (subject: string) => ({
  kind: "unmatched_pix" as const,
  subject: `${subject}-${Date.now()}-${sequence++}`,
  amountCents: 4_250n,
  message: `a Pix of 42.50 BRL matched no deposit (${subject})`,
});

const deliveriesOf = (subject: string) =>
  getDb().alertDelivery.findMany({ where: { alert: { subject } }, orderBy: { channel: "asc" } });

describe("operator alerts sent to people", () => {
  it("reach the webhook once, signed, and the SMTP server once, however often they are raised or workers run", async () => {
    configure({ webhookUrl: receiver.url, smtpUrl: sink.url, retries: 2 });
    const alert = alertAbout("once");
    const webhookBefore = receiver.received.length;
    const mailBefore = sink.received.length;
    expect(await raiseOperatorAlert(getDb(), alert)).toBe(true);
    expect(await raiseOperatorAlert(getDb(), alert)).toBe(false);
    // Two workers at once: the leases let one of them send each delivery.
    const [first, second] = await Promise.all([deliverDueAlerts(), deliverDueAlerts()]);
    expect(first.delivered + second.delivered).toBe(2);
    expect(await deliverDueAlerts()).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });

    const posts = receiver.received.slice(webhookBefore);
    expect(posts).toHaveLength(1);
    expect(isSignedBySecret(posts[0].headers["x-cashier-signature"] as string, posts[0].body)).toBe(true);
    expect(isSignedBySecret(posts[0].headers["x-cashier-signature"] as string, `${posts[0].body} `)).toBe(false);
    const body = JSON.parse(posts[0].body) as { text: string; alert: Record<string, unknown> };
    expect(body.text).toContain("Pix sem depósito");
    expect(body.text).toContain(alert.message);
    expect(body.alert).toMatchObject({ kind: "unmatched_pix", subject: alert.subject, amount: "42.50" });

    const mails = sink.received.slice(mailBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(["ops@cashier.example", "oncall@cashier.example"]);
    expect(mails[0].subject).toBe("Alerta do Cashier: Pix sem depósito (R$\u00a042,50)");
    expect(mails[0].text).toContain("Pix sem depósito / Pix without a deposit");
    expect(mails[0].text).toContain(alert.message);
    expect(mails[0].text).toContain("http://localhost:3000/console");
    expect(mails[0].raw).toContain(`Message-ID: <${body.alert.id}@localhost>`);

    const rows = await deliveriesOf(alert.subject);
    expect(rows.map((row) => [row.channel, row.status, row.attempts, row.lastError])).toEqual([
      ["email", "delivered", 1, null],
      ["webhook", "delivered", 1, null],
    ]);
  });

  it("are tried again when a receiver fails, and end failed, shown on the overview, when it stays down", async () => {
    configure({ webhookUrl: receiver.url, smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, retries: 1 });
    receiver.replies.push({ status: 503 });
    const alert = alertAbout("retried");
    await raiseOperatorAlert(getDb(), alert);

    expect(await deliverDueAlerts()).toMatchObject({ delivered: 0, retrying: 2, failed: 0 });
    let rows = await deliverDueAlerts().then(() => deliveriesOf(alert.subject));
    expect(rows.map((row) => [row.channel, row.status, row.attempts])).toEqual([
      ["email", "failed", 2],
      ["webhook", "delivered", 2],
    ]);
    expect(rows[0].lastError).toMatch(/ECONNREFUSED/);

    const { alerts } = await listOperatorAlerts({
      role: "operator",
      userId: "usr_test",
      email: "ops@cashier.example",
      merchantId: null,
      sessionId: "ses_test",
      ip: null,
    });
    const shown = alerts.find((open) => open.subject === alert.subject);
    expect(shown?.deliveries).toEqual([
      { channel: "email", status: "failed", attempts: 2, lastError: rows[0].lastError },
      { channel: "webhook", status: "delivered", attempts: 2, lastError: null },
    ]);
    // Nothing more is sent once the schedule is spent.
    rows = await deliverDueAlerts().then(() => deliveriesOf(alert.subject));
    expect(rows.map((row) => row.attempts)).toEqual([2, 2]);
  });

  it("are not delivered by e-mail while the mail server refuses a recipient", async () => {
    const picky = await startSmtpSink({ refuse: ["oncall@cashier.example"] });
    try {
      configure({ webhookUrl: receiver.url, smtpUrl: picky.url, retries: 1 });
      const alert = alertAbout("refused");
      await raiseOperatorAlert(getDb(), alert);
      await deliverDueAlerts();
      const [email] = await deliveriesOf(alert.subject);
      expect(email).toMatchObject({ channel: "email", status: "pending", attempts: 1 });
      expect(email.lastError).toBe("the mail server refused oncall@cashier.example");
    } finally {
      await picky.close();
    }
  });

  it("are not written when no channel is configured", async () => {
    for (const name of ["ALERT_WEBHOOK_URL", "ALERT_WEBHOOK_SECRET", "SMTP_URL", "ALERT_EMAIL_TO"])
      delete process.env[name];
    forgetConfig();
    const alert = alertAbout("nowhere");
    expect(await raiseOperatorAlert(getDb(), alert)).toBe(true);
    expect(await deliveriesOf(alert.subject)).toEqual([]);
  });
});
