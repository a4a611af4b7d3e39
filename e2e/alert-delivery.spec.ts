// Issue 39's alerts that reach a person, against npm start's own server: an operator alert the
// gateway raises is POSTed to ALERT_WEBHOOK_URL (signed; a receiver that fails is tried again)
// and mailed through SMTP_URL once; when the mail server is gone, the delivery ends failed and the
// operator sees it on the overview's alert, in Chromium at 390 px.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { userCreateArguments } from "../test/support/console-user-cli";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { type SmtpSink, startSmtpSink } from "../test/support/smtp-sink";
import { logInToConsole, setUpConsoleUser } from "./console-support";
import { E2E_PORT } from "./environment";
import { expectAccessible, fitsViewport, keepScreenshot } from "./support";

const port = E2E_PORT + 46;
const root = path.resolve(import.meta.dirname, "..");
const SECRET = "the-alert-webhook-secret-of-this-e2e-test";

let gateway: GatewayProcess;
let receiver: Receiver;
let sink: SmtpSink;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await startReceiver();
  sink = await startSmtpSink();
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: {
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: SECRET,
      SMTP_URL: sink.url,
      ALERT_EMAIL_TO: "plantao@cashier.example",
      // One retry, a second after the first failure.
      CALLBACK_RETRY_SCHEDULE: "1",
    },
  });
});

test.afterAll(async () => {
  await gateway?.stop();
  await receiver?.close();
  await sink?.close();
});

/** Raises an alert in the gateway's database, as its reconciliation does when the PSP moves money on its own. */
function raiseAlert(alert: Record<string, unknown>): void {
  execFileSync(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "test/support/raise-alert-process.ts"), JSON.stringify(alert)],
    { cwd: root, env: { ...process.env, ...gateway.env } },
  );
}

const signatureOf = (header: string, body: string) => {
  const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
  return digest === createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex");
};

test("a raised alert reaches the webhook (retried) and the mailbox once; a failed e-mail shows on the overview", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  receiver.replies.push({ status: 500 });
  raiseAlert({
    kind: "provider_refund",
    subject: "E99999997202611291200aaaaaaaaaaa/PSPmed1",
    objectId: "rfd_e2ealertsent000000001",
    amountCents: "6000",
    message: "the PSP returned 60.00 BRL of deposit dep_e2e on its own (med_fraud)",
  });
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
  await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(1);
  for (const post of receiver.received)
    expect(signatureOf(String(post.headers["x-cashier-signature"]), post.body)).toBe(true);
  const [first, second] = receiver.received.map((post) => JSON.parse(post.body) as { alert: { id: string } });
  expect(second.alert.id).toBe(first.alert.id);
  expect(receiver.received[1].receivedAt - receiver.received[0].receivedAt).toBeGreaterThanOrEqual(1000);
  expect(sink.received[0].to).toEqual(["plantao@cashier.example"]);
  expect(sink.received[0].subject).toBe("Alerta do Cashier: Devolvido pelo PSP (MED ou portal) (R$\u00a060,00)");
  expect(gateway.output()).toContain("alert delivery failed; will retry");

  // The mail server goes away: the next alert's e-mail fails twice and is given up.
  await sink.close();
  raiseAlert({
    kind: "unmatched_pix",
    subject: "E99999997202611291201bbbbbbbbbbb",
    amountCents: "1250",
    message: "a Pix of 12.50 BRL paid no deposit (E99999997202611291201bbbbbbbbbbb)",
  });
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
  await expect
    .poll(() => gateway.output(), { timeout: 30_000 })
    .toContain("alert delivery failed; the retry schedule is spent");

  const { email, args } = userCreateArguments("operator");
  const { setupUrl } = JSON.parse(await gateway.cashier(...args)) as { setupUrl: string };
  const context = await browser.newContext({ baseURL: gateway.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const { user } = await setUpConsoleUser(page, { email, setupUrl });
  await logInToConsole(page, user);
  await page.goto("/console");
  const card = page.getByRole("listitem").filter({ hasText: "E99999997202611291201bbbbbbbbbbb" });
  await expect(card.locator("[data-alert-delivery=email]")).toContainText("Não enviado por e-mail:");
  await expect(card.locator("[data-alert-delivery=email]")).toContainText("ECONNREFUSED");
  await expect(card.locator("[data-alert-delivery=webhook]")).toHaveCount(0);
  const delivered = page.getByRole("listitem").filter({ hasText: "rfd_e2ealertsent000000001" });
  await expect(delivered.locator("[data-alert-delivery]")).toHaveCount(0);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "overview-alert-not-sent-390");
  await context.close();
});
