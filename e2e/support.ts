import { execFile, execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type Page, type TestInfo, expect } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import type { PspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { cashierCli } from "../test/support/run-tool";
import { e2eServerEnv } from "./environment";

const root = path.resolve(import.meta.dirname, "..");

export type Merchant = { merchantId: string; keyId: string; secret: string };

/** The id of the merchant's transaction with this reference, as POST /api/status answers it (verified). */
export async function depositIdOf(page: Page, merchant: Merchant, reference: string): Promise<string> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { reference } });
  const response = await page.request.post("/api/status", { data: { jwt } });
  const { jwt: answer } = (await response.json()) as { jwt: string };
  const { payload } = await jwtVerify(answer, new TextEncoder().encode(merchant.secret));
  return (payload.data as { id: string }).id;
}

/** Runs an operator command (the build's CLI, as `npm run cashier -- …`) against the server's database. */
export function cashier(...args: string[]): string {
  return cashierWithInput(undefined, ...args);
}

/** The same, with `input` on its standard input: what `--client-secret-stdin` and the like read. */
export function cashierWithInput(input: string | undefined, ...args: string[]): string {
  return execFileSync(process.execPath, [cashierCli(), ...args], {
    cwd: root,
    env: { ...process.env, ...e2eServerEnv },
    encoding: "utf8",
    input,
  });
}

/**
 * The same, not blocking this process while it runs: for a command that calls a PSP simulator
 * this process serves (`psp webhook register`), which answers from this process's event loop.
 */
export async function cashierAsync(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [cashierCli(), ...args], {
    cwd: root,
    env: { ...process.env, ...e2eServerEnv },
    encoding: "utf8",
  });
  return stdout;
}

/**
 * `provider add --kind efi` for the simulator, as an operator types it (the secret on standard
 * input); `extra` adds options such as the Open Finance receiver. Answers the account's id.
 */
export function addEfiAccount(efi: PspSimulator, ...extra: string[]): string {
  const account = JSON.parse(
    cashierWithInput(
      `${efi.clientSecret}\n`,
      ...["provider", "add", "--kind", "efi", "--label", "Efí (simulador)", "--url", efi.origin],
      ...["--client-id", efi.clientId, "--client-secret-stdin", "--pix-key", efi.chave],
      ...["--cert-file", efi.certFile, "--key-file", efi.keyFile, "--ca-file", efi.caFile],
      ...extra,
    ),
  ) as { id: string };
  return account.id;
}

/**
 * A signed request to a gateway's merchant API (`url`: the route's full address), with its status
 * and the answer's data: verified with the merchant's secret when signed, the problem body when not.
 */
export async function postSigned(url: string, merchant: Merchant, data: Record<string, unknown>) {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await fetch(url, {
    method: "POST",
    body: JSON.stringify({ jwt }),
    headers: { "content-type": "application/json" },
  });
  const body = (await response.json()) as { jwt?: string };
  if (!body.jwt) return { status: response.status, data: body as Record<string, unknown> };
  const { payload } = await jwtVerify(body.jwt, new TextEncoder().encode(merchant.secret));
  return { status: response.status, data: payload.data as Record<string, unknown> };
}

/** `npm run sign -- '<data>'`: a token for the demo merchant that `npm start` seeded. */
export function signAsDemo(data: unknown): string {
  return execFileSync(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "scripts/sign.ts"), JSON.stringify(data)],
    {
      cwd: root,
      env: { ...process.env, ...e2eServerEnv },
      encoding: "utf8",
    },
  ).trim();
}

/** A full-page screenshot kept in the test's output folder and attached to its report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** True when the page needs no sideways scrolling at the viewport's width. */
export function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** No serious or critical axe violations on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  // Next.js streams metadata: after a server action the <title> can arrive a moment after the form.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

/** A sandbox payment's banner at the very top of the page, whole and readable. */
export async function expectTestBanner(page: Page, locale: "pt-BR" | "en" = "pt-BR"): Promise<void> {
  const banner = page.getByRole("region", { name: locale === "en" ? "Test environment" : "Ambiente de testes" });
  await expect(banner).toHaveText(
    locale === "en"
      ? "Test environment: no real money moves"
      : "Ambiente de testes: nenhum dinheiro real é movimentado",
  );
  await expect(banner).toBeVisible();
  // First on the page, whatever the page has scrolled to (an anchor of the help page).
  expect(await banner.evaluate((node) => node.getBoundingClientRect().top + window.scrollY)).toBe(0);
}

/** A live payment's page claims no test: neither banner nor its words. */
export async function expectNoTestBanner(page: Page): Promise<void> {
  await expect(page.locator("main")).toBeVisible();
  await expect(page.getByText(/Ambiente de testes|Test environment/)).toHaveCount(0);
}

/** The merchant's own site, where customers come back to: every path answers a page with its title. */
export async function startShop(
  titleFor: (path: string) => string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const shop = http.createServer((request, response) => {
    const title = titleFor(request.url ?? "/");
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><html lang="pt-BR"><title>${title}</title><h1>${title}</h1></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => shop.close(() => resolve())),
  };
}
