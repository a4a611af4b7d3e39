// A merchant serves itself (issue 26), on a phone (390 px) in Chromium: a merchant without a
// callback URL is told by POST /api/callbacks/test how to set one; its admin opens the settings
// from the console's navigation, is shown each field's error for a bad URL and origin, sets the
// callback URL to a real local HTTP receiver with the keyboard alone, and POST
// /api/callbacks/test, signed with the merchant's key, then delivers there, verified with that
// key. A merchant viewer sees the settings but cannot change them: no form, and the admin's own
// call replayed with the viewer's session is refused by the server. The admin's "Enviar callback de
// teste" button does the same from the page and shows what the URL answered. Screenshots are kept, with
// the system set light and dark.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { startReceiver } from "../test/support/callback-receiver";
import {
  newSignedInPage,
  nextActionRequest,
  openConsoleNavigation,
  replayAction,
  signInAsNew,
} from "./console-support";
import { cashier, expectAccessible, fitsViewport, keepScreenshot, type Merchant } from "./support";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let merchant: Merchant;

test.beforeAll(async () => {
  receiver = await startReceiver();
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Autoatendimento")) as Merchant;
});

test.afterAll(() => receiver.close());

/** What the merchant's server does: POST /api/callbacks/test signed with its key, the verified answer's data. */
async function sendTestCallback(request: APIRequestContext): Promise<Record<string, unknown>> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: {} });
  const response = await request.post("/api/callbacks/test", { data: { jwt } });
  expect(response.status()).toBe(200);
  const { jwt: answer } = (await response.json()) as { jwt: string };
  return (await jwtVerify(answer, new TextEncoder().encode(merchant.secret))).payload.data as Record<string, unknown>;
}

test("a merchant admin sets the callback URL in the console, and POST /api/callbacks/test delivers to it, verified", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const before = await sendTestCallback(page.request);
  expect(before).toMatchObject({ url: null, delivered: false });
  expect(before.error).toMatch(/^the merchant has no callback URL: a merchant admin sets it in the console at /);
  expect(before.error).toContain("/console/settings");
  expect(before.error).toContain(`merchant update ${merchant.merchantId} --callback-url URL`);

  await signInAsNew(page, "merchant-admin", merchant.merchantId);
  await (await openConsoleNavigation(page)).getByRole("link", { name: "Configurações" }).click();
  await expect(page).toHaveURL(/\/console\/settings$/);
  await expect(page.getByRole("heading", { name: "Configurações", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Loja Autoatendimento/ })).toBeVisible();
  const callbackUrl = page.getByLabel("URL de callback");
  const origins = page.getByLabel("Origens de redirecionamento");
  await expect(callbackUrl).toHaveValue("");
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "settings-390");

  // A URL the server refuses, and an origin with a path: each field names the value refused and
  // says why, in Portuguese, and keeps what was typed; the keyboard lands on the first field to fix.
  await callbackUrl.fill("ftp://loja.example/callback");
  await origins.fill("https://loja.example\nhttps://loja.example/retorno");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confira os campos:" })).toContainText(
    "URL de callback: “ftp://loja.example/callback”: endereço não permitido. Use um endereço https completo",
  );
  await expect(callbackUrl).toHaveAccessibleDescription(/endereço não permitido\. Use um endereço https completo/);
  await expect(origins).toHaveAccessibleDescription(
    /A 2ª origem, “https:\/\/loja\.example\/retorno”, não serve: use só esquema, host e porta/,
  );
  await expect(callbackUrl).toHaveAttribute("aria-invalid", "true");
  await expect(callbackUrl).toBeFocused();
  await expect(callbackUrl).toHaveValue("ftp://loja.example/callback");
  await expect(origins).toHaveValue("https://loja.example\nhttps://loja.example/retorno");
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "settings-errors-390");
  // The console is drawn light only: a dark system setting leaves its cards white, as their text is dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.getByRole("heading", { name: /Loja Autoatendimento/ }).locator("..")).toHaveCSS(
    "background-color",
    "rgb(255, 255, 255)",
  );
  await keepScreenshot(page, testInfo, "settings-errors-390-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // The keyboard alone: replace the URL, Tab to the origins, replace them, Tab to Save, Enter.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(receiver.url);
  await page.keyboard.press("Tab");
  await expect(origins).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("https://loja.example");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Salvar", exact: true })).toBeFocused();
  const saved = nextActionRequest(page);
  await page.keyboard.press("Enter");
  const save = await saved;
  await expect(page.getByRole("status").filter({ hasText: "Configurações salvas." })).toBeVisible();
  await page.reload();
  await expect(callbackUrl).toHaveValue(receiver.url);
  await expect(origins).toHaveValue("https://loja.example");
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "settings-saved-390");
  await page.emulateMedia({ colorScheme: "dark" });
  await keepScreenshot(page, testInfo, "settings-saved-390-dark");

  const after = await sendTestCallback(page.request);
  expect(after).toMatchObject({ url: receiver.url, http_status: 204, error: null, delivered: true });
  const received = receiver.received.find((r) => r.data.event_id === after.event_id);
  expect(received).toBeDefined();
  const { payload, protectedHeader } = await jwtVerify(received!.jwt, new TextEncoder().encode(merchant.secret), {
    typ: "cashier-callback+jwt",
  });
  expect(protectedHeader.kid).toBe(merchant.keyId);
  expect(payload.data).toMatchObject({ type: "test", event_id: after.event_id });

  // The same from the console: a button, and what the URL answered under it.
  await page.emulateMedia({ colorScheme: "light" });
  const testButton = page.getByRole("button", { name: "Enviar callback de teste" });
  await testButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("test-callback-outcome")).toHaveText(/^Entregue: a URL respondeu 204 em \d+ ms\.$/);
  await expect.poll(() => receiver.received.filter((r) => r.data.type === "test").length).toBe(2);
  const fromConsole = receiver.received.filter((r) => r.data.type === "test")[1];
  await jwtVerify(fromConsole.jwt, new TextEncoder().encode(merchant.secret), { typ: "cashier-callback+jwt" });
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "settings-test-callback-390");

  // The viewer sees the URL and no way to change it; the admin's call with the viewer's session is refused.
  const viewer = await newSignedInPage(
    page.context().browser()!,
    { width: 390, height: 844 },
    "merchant-viewer",
    merchant.merchantId,
  );
  await (await openConsoleNavigation(viewer)).getByRole("link", { name: "Configurações" }).click();
  await expect(viewer.getByTestId("callback-url")).toHaveText(receiver.url);
  await expect(viewer.getByText("só um administrador do lojista pode mudá-las")).toBeVisible();
  await expect(viewer.getByRole("textbox")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Salvar", exact: true })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Enviar callback de teste" })).toHaveCount(0);
  await expect(viewer.getByText("Só um administrador do lojista envia callbacks de teste.")).toBeVisible();
  await expectAccessible(viewer);
  await keepScreenshot(viewer, testInfo, "settings-viewer-390");
  expect(await replayAction(viewer.request, save, [[receiver.url, "https://viewer.example/callback"]])).toMatch(
    /"code":"forbidden"/,
  );
  expect((await sendTestCallback(page.request)).url).toBe(receiver.url);
  await viewer.context().close();
});

test("an operator keeps the merchants page: /console/settings sends them there", async ({ page }) => {
  await signInAsNew(page, "operator");
  const nav = await openConsoleNavigation(page);
  await expect(nav.getByRole("link", { name: "Transações" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Configurações" })).toHaveCount(0);
  await page.goto("/console/settings");
  await expect(page).toHaveURL(/\/console\/merchants$/);
});
