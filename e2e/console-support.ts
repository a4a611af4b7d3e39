// Console users for the browser tests: created with the CLI against the server's database, set
// up through the setup link's pages, and signed in through the login page with the code an
// authenticator app would show.
import { type APIRequestContext, type Browser, type Locator, type Page, type Request, expect } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import type { Received } from "../test/support/callback-receiver";
import { userCreateArguments } from "../test/support/console-user-cli";
import { freshTotpCode, waitForNextTotpStep } from "../test/support/totp-codes";
import { generateSync } from "otplib";
import { cashier, type Merchant } from "./support";

export type ConsoleRole = "operator" | "merchant-admin" | "merchant-viewer";
export type E2eConsoleUser = { email: string; password: string; totpSecret: string | null };

export const E2E_CONSOLE_PASSWORD = "uma frase longa de teste";

/** `npm run cashier -- user create`: the new user's e-mail and one-time setup link. */
export function createConsoleUserWithCli(role: ConsoleRole, merchantId?: string): { email: string; setupUrl: string } {
  const { email, args } = userCreateArguments(role, merchantId);
  return { ...(JSON.parse(cashier(...args)) as { setupUrl: string }), email };
}

/** The code the authenticator shows now. */
export const totpCode = (secret: string) => generateSync({ secret });

/**
 * Opens the setup link, sets the password and, when withTotp (always for operators), enrols the
 * authenticator from the key shown beside the QR code. Returns the user and the recovery codes.
 */
export async function setUpConsoleUser(
  page: Page,
  user: { email: string; setupUrl: string },
  withTotp = true,
): Promise<{ user: E2eConsoleUser; recoveryCodes: string[] }> {
  await page.goto(new URL(user.setupUrl).pathname);
  await page.getByLabel(/^(Senha|Password)$/).fill(E2E_CONSOLE_PASSWORD);
  await page.getByLabel(/Repita a senha|Repeat the password/).fill(E2E_CONSOLE_PASSWORD);
  await page.getByRole("button", { name: /Salvar senha|Save password/ }).click();
  const secretText = page.getByTestId("totp-secret");
  await expect(secretText).toBeVisible({ timeout: 20_000 });
  if (!withTotp) {
    await page.getByRole("button", { name: /Continuar sem autenticador|Continue without authenticator/ }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    return { user: { email: user.email, password: E2E_CONSOLE_PASSWORD, totpSecret: null }, recoveryCodes: [] };
  }
  const totpSecret = (await secretText.textContent())!.trim();
  await page.getByLabel(/Código de 6 dígitos|6-digit code/).fill(freshTotpCode(totpSecret)!);
  await page.getByRole("button", { name: /Ativar autenticador|Turn on authenticator/ }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  // On a loaded machine the enrolment's transaction can wait its turn behind other writers (CI
  // once showed no codes after 5 s); should the form refuse instead, the failure says what it showed.
  await expect(codes)
    .toHaveCount(10, { timeout: 20_000 })
    .catch(async (error: unknown) => {
      throw new Error(`no recovery codes; the page shows: ${await page.locator("main").innerText()}`, {
        cause: error,
      });
    });
  return {
    user: { email: user.email, password: E2E_CONSOLE_PASSWORD, totpSecret },
    recoveryCodes: await codes.allTextContents(),
  };
}

/** Signs in through the login page and waits for the console's navigation. */
export async function logInToConsole(page: Page, user: E2eConsoleUser): Promise<void> {
  await page.goto("/console/login");
  await submitLogin(page, user);
  // scrypt, on a machine shared with other runs, can take longer than expect's 5 s (here and above).
  await expect(consoleUser(page)).toContainText(user.email, { timeout: 20_000 });
}

/** Fills and sends the login form the page shows, with the code the user's authenticator shows now. */
export async function submitLogin(page: Page, user: E2eConsoleUser): Promise<void> {
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel(/^(Senha|Password)$/).fill(user.password);
  if (user.totpSecret) {
    let code = freshTotpCode(user.totpSecret);
    if (code === null) {
      await waitForNextTotpStep();
      code = freshTotpCode(user.totpSecret)!;
    }
    await page.getByLabel(/Código de verificação|Verification code/).fill(code);
  }
  await page.getByRole("button", { name: /^(Entrar|Sign in)$/ }).click();
}

/** Who the header says is signed in (the desk header's copy; on a phone the same words are in the menu). */
export const consoleUser = (page: Page) => page.getByTestId("console-user").first();

/**
 * The console's navigation as the user reaches it: on a phone the menu is opened first (a
 * <details>: its summary is the button), at a desk it is in the header.
 */
export async function openConsoleNavigation(page: Page): Promise<Locator> {
  const menu = page.getByTestId("console-menu");
  if (await menu.isVisible()) {
    if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
  }
  return page.getByRole("navigation", { name: /^Console$/ });
}

/** A console user of the role, created with the CLI, set up and signed in on the page. */
export async function signInAsNew(page: Page, role: ConsoleRole, merchantId?: string): Promise<E2eConsoleUser> {
  const { user } = await setUpConsoleUser(page, createConsoleUserWithCli(role, merchantId));
  await logInToConsole(page, user);
  return user;
}

/** What a merchant's server does: the data signed with its key, POSTed, and the verified answer's data. */
export async function callApi(
  request: APIRequestContext,
  merchant: Merchant,
  path: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  // A connection of its own: a socket kept alive across a slow CLI step between two calls can be
  // closed by the server's keep-alive timeout just as it is reused (ECONNRESET on a loaded machine).
  const response = await request.post(path, { data: { jwt }, headers: { connection: "close" } });
  expect(response.status(), path).toBe(201);
  const { jwt: answer } = (await response.json()) as { jwt: string };
  return (await jwtVerify(answer, new TextEncoder().encode(merchant.secret))).payload.data as Record<string, unknown>;
}

/** The next server action call the page makes, as sent: its address, headers and body. */
export function nextActionRequest(page: Page): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === "POST" && request.headers()["next-action"] !== undefined,
  );
}

/**
 * A captured action call sent again with another session, each [from, to] replaced in its body:
 * what a crafted request does. Each `from` must be in the body, so that a replacement that misses
 * cannot pass for a refusal.
 */
export async function replayAction(
  request: APIRequestContext,
  captured: Request,
  replacements: [string, string][] = [],
): Promise<string> {
  const headers = Object.fromEntries(
    Object.entries(captured.headers()).filter(([name]) =>
      ["next-action", "next-router-state-tree", "content-type", "accept", "origin"].includes(name),
    ),
  );
  let body = captured.postDataBuffer()!.toString("latin1");
  for (const [from, to] of replacements) {
    expect(body, `the captured call names ${from}`).toContain(from);
    body = body.replaceAll(from, to);
  }
  const response = await request.post(captured.url(), { headers, data: Buffer.from(body, "latin1") });
  expect(response.status()).toBe(200);
  return response.text();
}

/** A browser context of its own at the viewport, signed in as a new user of the role. */
export async function newSignedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  role: ConsoleRole,
  merchantId?: string,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport, locale: "pt-BR" })).newPage();
  await signInAsNew(page, role, merchantId);
  return page;
}

/** POST /api/status signed with a key for an id that does not exist: 404 while the key signs, 401 once revoked. */
export async function statusWith(request: APIRequestContext, key: { keyId: string; secret: string }) {
  const jwt = await signRequestToken({ keyId: key.keyId, secret: key.secret, data: { id: "dep_doesnotexist" } });
  return request.post("/api/status", { data: { jwt } });
}

/** The deposit.paid callbacks a receiver got for a deposit, in order. */
export const paidCallbacks = (received: Received[], depositId: string) =>
  received.filter((r) => r.data.type === "deposit.paid" && r.data.id === depositId);
