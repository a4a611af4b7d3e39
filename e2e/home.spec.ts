import { expect, test } from "@playwright/test";
import { answeredErrorCodes, errorCodes } from "../lib/errors/app-error";
import { problemTypeOf } from "../lib/http/problem";
import { expectAccessible, fitsViewport, keepScreenshot } from "./support";

test("the home page says what the gateway is and leads to the merchant docs", async ({ page }, testInfo) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamentos em reais, via Pix e conta bancária");
  await expect(page.getByText("POST /api/status")).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "home-390");

  await expectAccessible(page);

  await page.getByRole("link", { name: "Documentação para desenvolvedores" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merchant API");
  await expect(page.locator("#token_expired")).toContainText("HTTP 401");
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "docs-390");
});

test("no third-party request is made", async ({ page }) => {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    hosts.add(new URL(request.url()).host);
  });
  await page.goto("/");
  await page.goto("/docs");
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});

test("every problem's type leads to a page that explains its code", async ({ page, request }) => {
  const refused = await request.post("/api/status", { data: { jwt: "x.y.z" } });
  expect(((await refused.json()) as { type: string }).type).toBe(problemTypeOf("token_malformed"));
  const pages = new Set(answeredErrorCodes.map((code) => new URL(problemTypeOf(code), "http://gateway").pathname));
  expect([...pages]).toEqual(["/docs/errors"]);
  const response = await page.goto("/docs/errors");
  expect(response?.status()).toBe(200);
  for (const code of answeredErrorCodes)
    await expect(page.locator(`#${code}`), code).toContainText(`HTTP ${errorCodes[code].status}`);
  await expectAccessible(page);
});

test("/docs states the security headers that its answers and the API's carry", async ({ page, request }) => {
  const docs = await page.goto("/docs");
  const stated = await page
    .locator("code")
    .filter({ hasText: /^(X-Frame-Options|X-Content-Type-Options|Referrer-Policy): / })
    .allTextContents();
  expect(stated.map((text) => text.split(": ")[0])).toEqual([
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
  ]);
  const api = await request.post("/api/status", { data: { jwt: "x.y.z" } });
  for (const headers of [docs!.headers(), api.headers()]) {
    const sent = stated.map((text) => `${text.split(": ")[0]}: ${headers[text.split(": ")[0].toLowerCase()]}`);
    expect(sent).toEqual(stated);
  }
});
