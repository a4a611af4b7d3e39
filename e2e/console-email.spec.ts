// Issue 42's e-mail, in Chromium at 390×844 against npm start's own server with SMTP_URL set to a
// local mail server: an operator invites a user from the console, who gets the setup link by
// e-mail and sets the password and the authenticator from it; later, "Esqueci minha senha" mails
// them a reset link that sets a new password, and they sign in with it and their authenticator.
import { expect, test } from "@playwright/test";
import { userCreateArguments } from "../test/support/console-user-cli";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { type SmtpSink, startSmtpSink } from "../test/support/smtp-sink";
import { consoleUser, logInToConsole, setUpConsoleUser, submitLogin } from "./console-support";
import { E2E_PORT } from "./environment";
import { expectAccessible, fitsViewport, keepScreenshot } from "./support";

const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = "outra frase longa e nova";

let gateway: GatewayProcess;
let sink: SmtpSink;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  gateway = await startGateway({ database: "sqlite", port: E2E_PORT + 50, env: { SMTP_URL: sink.url } });
});

test.afterAll(async () => {
  await gateway?.stop();
  await sink?.close();
});

/** The one e-mail to `address` with `subject`, once the mail server has it, and the link in it. */
async function linkMailed(address: string, subject: RegExp, path: string): Promise<string> {
  const mailOf = () => sink.received.find((mail) => mail.to.includes(address) && subject.test(mail.subject));
  await expect.poll(() => mailOf() !== undefined, { timeout: 20_000 }).toBe(true);
  const link = new RegExp(`https?://\\S+${path}/[A-Za-z0-9_-]{43}`).exec(mailOf()!.text)?.[0];
  expect(link).toBeDefined();
  return link!;
}

test("an invitation e-mail's link sets up password and authenticator; a forgotten password is reset by e-mail", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { email: operatorEmail, args } = userCreateArguments("operator");
  const created = JSON.parse(await gateway.cashier(...args)) as { setupUrl: string; emailed: string };
  expect(created.emailed).toBe("sent");
  const operatorPage = await (await browser.newContext({ baseURL: gateway.url, viewport: PHONE })).newPage();
  const { user: operator } = await setUpConsoleUser(operatorPage, {
    email: operatorEmail,
    setupUrl: await linkMailed(operatorEmail, /Convite/, "/console/setup"),
  });
  await logInToConsole(operatorPage, operator);

  // The invitation, from the users page: the operator is told the link went out, and still sees it.
  const email = `convidada-${Date.now()}@loja.example`;
  await operatorPage.goto("/console/users");
  await operatorPage.getByLabel("E-mail").fill(email);
  await operatorPage.getByLabel("Papel").selectOption({ label: "Operador" });
  await operatorPage.getByRole("button", { name: "Convidar" }).click();
  await expect(operatorPage.getByTestId("setup-link-emailed")).toHaveText(
    `O link foi enviado por e-mail para ${email}.`,
  );
  const shownUrl = (await operatorPage.getByTestId("setup-link").textContent())!.trim();
  await expectAccessible(operatorPage);
  expect(await fitsViewport(operatorPage)).toBe(true);
  await keepScreenshot(operatorPage, testInfo, "users-invitation-emailed-390");

  const setupUrl = await linkMailed(email, /Convite/, "/console/setup");
  expect(setupUrl).toBe(shownUrl);
  const mail = sink.received.find((received) => received.to.includes(email))!;
  expect(mail.text).toContain(`${operatorEmail} convidou você para o console Cashier como operador.`);
  expect(mail.text.indexOf("convidou você")).toBeLessThan(mail.text.indexOf("invited you"));

  const page = await (await browser.newContext({ baseURL: gateway.url, viewport: PHONE })).newPage();
  const { user } = await setUpConsoleUser(page, { email, setupUrl });

  // Forgot password: from the sign-in page, the same answer whoever asks.
  await page.goto("/console/login");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page.getByRole("heading", { name: "Esqueci minha senha", level: 1 })).toBeVisible();
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "forgot-password-390");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  const sent = page.getByTestId("forgot-password-sent");
  await expect(sent).toContainText("Se este e-mail tiver um acesso ativo ao console");
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "forgot-password-sent-390");
  const answerForKnown = await sent.textContent();

  const stranger = await (await browser.newContext({ baseURL: gateway.url, viewport: PHONE })).newPage();
  await stranger.goto("/console/forgot-password");
  await stranger.getByLabel("E-mail").fill("ninguem@loja.example");
  await stranger.getByRole("button", { name: "Enviar link" }).click();
  await expect(stranger.getByTestId("forgot-password-sent")).toHaveText(answerForKnown!);

  const resetUrl = await linkMailed(email, /Redefinir senha/, "/console/password-reset");
  await page.goto(new URL(resetUrl).pathname);
  await expect(page.getByRole("heading", { name: "Escolha uma nova senha", level: 1 })).toBeVisible();
  await expect(page.getByTestId("reset-email")).toHaveText(email);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "password-reset-390");
  await page.getByLabel(/^Senha$/).fill(NEW_PASSWORD);
  await page.getByLabel("Repita a senha").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/console\/login\?passwordReset=1$/, { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toContainText(
    "Senha redefinida e sessões encerradas.",
  );
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "login-after-reset-390");

  // The old password no longer signs in; the new one does, with the authenticator's code.
  await submitLogin(page, user);
  // The route announcer is an alert too, naming the page since the client-side redirect.
  await expect(page.getByRole("alert").filter({ hasText: "incorretos" })).toHaveText(
    "E-mail, senha ou código incorretos.",
    { timeout: 20_000 },
  );
  await submitLogin(page, { ...user, password: NEW_PASSWORD });
  await expect(consoleUser(page)).toContainText(email, { timeout: 20_000 });

  // The link was used: opening it again shows it no longer works.
  await page.goto(new URL(resetUrl).pathname);
  await expect(page.getByText("Este link de redefinição não é válido")).toBeVisible();
  // And leads to asking for another.
  await page.getByRole("link", { name: "Pedir outro link" }).click();
  await expect(page.getByRole("heading", { name: "Esqueci minha senha", level: 1 })).toBeVisible();
});
