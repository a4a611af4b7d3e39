// Issue 42's sandbox sign-up in Chromium at 390×844, against a gateway of its own started with
// CASHIER_SANDBOX_SIGNUP=true and a local SMTP server: the form, the e-mail as received, the link's
// confirm button, the test key shown once (a reload does not show it again), a Pix signed with it
// answered 201, a field refused on the form, and a domain's daily limit answered like any other
// sign-up, with no e-mail. The gateway every other spec uses has the setting off: there the pages
// and their forms are 404s.
import { expect, test } from "@playwright/test";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { pixDepositRequest } from "../test/support/requests";
import { type SmtpSink, startSmtpSink } from "../test/support/smtp-sink";
import { E2E_BASE_URL, E2E_PORT } from "./environment";
import { expectAccessible, fitsViewport, keepScreenshot, postSigned } from "./support";

const port = E2E_PORT + 53;

let gateway: GatewayProcess;
let sink: SmtpSink;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  gateway = await startGateway({
    database: "sqlite",
    port,
    env: { SMTP_URL: sink.url, CASHIER_SANDBOX_SIGNUP: "true", CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY: "2" },
  });
});

test.afterAll(async () => {
  await gateway?.stop();
  await sink?.close();
});

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

/** Fills and sends the sign-up form; the page's answer is the same whatever happens to the address. */
async function signUp(page: import("@playwright/test").Page, name: string, email: string): Promise<void> {
  await page.goto(`${gateway.url}/console/signup`);
  await page.getByLabel("Nome da empresa ou do projeto").fill(name);
  await page.getByLabel("Seu e-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.getByTestId("signup-sent")).toContainText(`Verifique seu e-mail: se ${email}`);
}

test("a developer signs up, confirms the e-mail, sees the test key once and signs a Pix with it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = "dev@loja-nova.example";
  // Found from the console's sign-in page, where a developer without an account lands.
  await page.goto(`${gateway.url}/console/login`);
  await page.getByRole("link", { name: "Crie um lojista de sandbox" }).click();
  await expect(page).toHaveURL(/\/console\/signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Criar conta sandbox");
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "signup-form");

  await signUp(page, "Loja Nova", email);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "signup-sent");

  await expect.poll(() => mailsTo(email).length).toBe(1);
  const [mail] = mailsTo(email);
  expect(mail.subject).toBe("Confirme seu cadastro sandbox no Cashier");
  const link = new RegExp(`${gateway.url}/console/signup/[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // Opening the link only shows the button: a mail scanner's GET confirms nothing.
  await page.goto(link!);
  await expect(page.getByTestId("signup-email")).toHaveText(email);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "signup-confirm");
  await page.getByRole("button", { name: "Confirmar e criar conta" }).click();

  await expect(page.getByTestId("signup-confirmed")).toBeVisible();
  const keyId = (await page.getByTestId("new-key-id").textContent())!;
  const secret = (await page.getByTestId("new-key-secret").textContent())!;
  expect(keyId).toMatch(/^mk_test_[a-z0-9]{24}$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("setup-link")).toContainText(`${gateway.url}/console/setup/`);
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "signup-key-once");

  // Shown once: a reload says the sign-up was confirmed and shows no secret.
  await page.reload();
  await expect(page.getByTestId("signup-used")).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "signup-used");

  const merchant = { merchantId: "", keyId, secret };
  const answer = await postSigned(`${gateway.url}/api/pix`, merchant, pixDepositRequest());
  expect(answer.status).toBe(201);
  expect(answer.data).toMatchObject({ status: "pending" });
});

test("a blank name is refused on the form, naming the field and keeping what was typed", async ({ page }, testInfo) => {
  await page.goto(`${gateway.url}/console/signup`);
  // Spaces pass the browser's own check; the server trims them.
  await page.getByLabel("Nome da empresa ou do projeto").fill("   ");
  await page.getByLabel("Seu e-mail").fill("branco@loja-nova.example");
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confira os campos:" })).toContainText(
    "Nome: informe o nome, com até 100 caracteres.",
  );
  await expect(page.getByLabel("Nome da empresa ou do projeto")).toHaveAccessibleDescription(
    /informe o nome, com até 100 caracteres/,
  );
  await expect(page.getByLabel("Seu e-mail")).toHaveValue("branco@loja-nova.example");
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "signup-refused");
  expect(mailsTo("branco@loja-nova.example")).toHaveLength(0);
});

test("a domain's daily limit holds: the third address gets the same answer and no e-mail", async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, "Equipe", "ana@limite.example");
  await signUp(page, "Equipe", "bia@limite.example");
  await expect.poll(() => mailsTo("ana@limite.example").length + mailsTo("bia@limite.example").length).toBe(2);
  await signUp(page, "Equipe", "caio@limite.example");
  // The answer came after the send would have: nothing was sent.
  expect(mailsTo("caio@limite.example")).toHaveLength(0);
});

test("with the setting off, the pages and their forms are 404s", async ({ page, request }) => {
  const form = await page.goto(`${E2E_BASE_URL}/console/signup`);
  expect(form?.status()).toBe(404);
  const link = await page.goto(`${E2E_BASE_URL}/console/signup/${"a".repeat(43)}`);
  expect(link?.status()).toBe(404);
  const post = await request.post(`${E2E_BASE_URL}/console/signup`, {
    headers: { origin: E2E_BASE_URL, "next-action": "0".repeat(42) },
    multipart: { name: "Loja", email: "off@desligado.example" },
  });
  expect(post.status()).toBe(404);
  await page.goto(`${E2E_BASE_URL}/console/login`);
  await expect(page.getByRole("link", { name: "Esqueci minha senha" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Crie um lojista de sandbox" })).toHaveCount(0);
});
