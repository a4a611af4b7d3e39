// Issue 11's security headers in Chromium against the production server: the hosted flows walked
// with the CSP on and no violation reported, every hosted page refused inside another origin's
// frame, and the headers of every kind of answer (page, API, /direct, error pages; issue 37: built
// assets, their 404 and Next.js's redirects too, with HSTS from a CASHIER_ENV=production server).
import { randomBytes } from "node:crypto";
import { type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { startGateway } from "../test/support/gateway-process";
import { type RawAnswer, rawClient } from "../test/support/raw-http";
import { E2E_BASE_URL, E2E_PORT } from "./environment";
import { cashier, type Merchant, startShop } from "./support";

let merchant: Merchant;
let shop: Awaited<ReturnType<typeof startShop>>;
let sequence = 0;

test.beforeAll(async () => {
  // The merchant's site, on another origin: where customers return, and where a framing attack lives.
  shop = await startShop((path) => (path.startsWith("/ok") ? "Pedido pago" : "De volta à loja"));
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Segura")) as Merchant;
});

test.afterAll(() => shop.close());

const customer = {
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  merchant_user: "cliente-42",
  country: "BR",
};

async function paymentInitiationUrl(page: Page): Promise<string> {
  const data = {
    ...customer,
    amount: "49,90",
    reference: `e2e-sec-${Date.now()}-${++sequence}`,
    buyer_ip: "203.0.113.9",
    successRedirectUrl: `${shop.url}/ok`,
    failedRedirectUrl: `${shop.url}/falhou`,
  };
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await page.request.post("/api/payment-initiation", { data: { jwt } });
  expect(response.status()).toBe(201);
  const claims = JSON.parse(
    Buffer.from(((await response.json()) as { jwt: string }).jwt.split(".")[1], "base64url").toString(),
  );
  return claims.data.paymentInitiationUrl as string;
}

async function directPath(extra: Record<string, unknown> = {}): Promise<string> {
  const data = {
    ...customer,
    amount: "75,50",
    currency: "BRL",
    reference: `e2e-sec-gi-${Date.now()}-${++sequence}`,
    return_url: `${shop.url}/caixa`,
    ...extra,
  };
  return `/direct/${merchant.keyId}/${await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data })}`;
}

/** Every CSP violation the page reports, by the DOM event and by Chromium's console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test("Payment Initiation walked with the CSP on: no violation, back at the merchant", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(await paymentInitiationUrl(page));
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel(/Nubank/).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  // The receipt first, then its countdown's script takes the customer back: both under the CSP.
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page).toHaveURL(`${shop.url}/ok`, { timeout: 15_000 });
  expect(violations).toEqual([]);
});

test("Gateway In walked with the CSP on, by the bank and by Pix: no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(await directPath({ amount: undefined }));
  await page.getByLabel("Valor (R$)").fill("75,50");
  await page.getByRole("radio", { name: "Santander" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Autorizar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/caixa\\?status=paid&`), { timeout: 15_000 });

  // A locked Pix link opens on the QR (issue 12). The Pix page polls its status: connect-src 'self' must allow it.
  const polled = page.waitForResponse((response) => response.url().endsWith("/status"));
  await page.goto(await directPath({ paymentMethod: "pix" }));
  await page.getByText("Pagar com outro celular?").click();
  await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible();
  expect((await polled).status()).toBe(200);
  expect(violations).toEqual([]);
});

test("every hosted page refuses to be framed by another origin", async ({ page }) => {
  const paymentUrl = await paymentInitiationUrl(page);
  const direct = await page.request.get(await directPath(), { maxRedirects: 0 });
  const checkoutUrl = new URL(direct.headers().location, paymentUrl).href;
  // The control: a page without these headers loads inside the same attacker's frame.
  await page.route(`${shop.url}/attack`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<iframe src="${shop.url}/ok"></iframe>` }),
  );
  await page.goto(`${shop.url}/attack`);
  await expect(page.frameLocator("iframe").getByRole("heading")).toHaveText("Pedido pago");
  await page.unroute(`${shop.url}/attack`);
  const framed = [
    paymentUrl,
    `${paymentUrl}/banco`,
    `${paymentUrl}/autorizar?banco=nubank`,
    checkoutUrl,
    `${checkoutUrl}/pix`,
    new URL(await directPath(), paymentUrl).href,
  ];
  for (const target of framed) {
    // An attacker's page on the shop's origin, framing the hosted page.
    const attacker = `${shop.url}/attack`;
    await page.route(attacker, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>x</title><iframe src="${target}" width="390" height="600"></iframe>`,
      }),
    );
    await page.goto(attacker);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Chromium swaps a refused frame for its own error page: nothing of ours runs or shows there.
    await expect.poll(() => frame?.url(), { message: target }).toMatch(/^chrome-error:/);
    expect(await frame!.locator("main").count()).toBe(0);
    await page.unroute(attacker);
  }
});

/** The headers every answer carries; HSTS only from a production server. */
function common(headers: Record<string, string | string[] | undefined>, what = "", isProduction = false): void {
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("same-origin");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(headers["content-security-policy"], what).toMatch(/frame-ancestors 'none'/);
  // One policy, not two: Node joins a repeated header with ", ", and browsers enforce every policy sent.
  expect(headers["content-security-policy"], what).not.toContain(",");
  if (isProduction) expect(headers["strict-transport-security"], what).toBe("max-age=63072000; includeSubDomains");
  // The e2e server runs as CASHIER_ENV=test over http: no HSTS (production only).
  else expect(headers["strict-transport-security"], what).toBeUndefined();
}

/**
 * One answer of each kind npm start's server gives, as sent on the wire (`//x` included, which
 * fetch would read as another host): the ones proxy.ts or the API wrapper write their headers on,
 * and those they never see (built assets and their 404, the favicon, Next.js's 308s).
 */
async function answersOfEveryKind(baseUrl: string, signer: Merchant): Promise<[string, RawAnswer][]> {
  const client = rawClient(baseUrl, { connections: 2, timeoutMs: 60_000 });
  const get = (path: string) => client.send({ method: "GET", path });
  const post = (path: string, body: unknown) =>
    client.send({ method: "POST", path, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  try {
    const signed = await signRequestToken({ keyId: signer.keyId, secret: signer.secret, data: { reference: "none" } });
    const direct = await get(
      `/direct/${signer.keyId}/${await signRequestToken({
        keyId: signer.keyId,
        secret: signer.secret,
        data: { ...customer, amount: "12,34", currency: "BRL", reference: `e2e-sec-kinds-${Date.now()}-${++sequence}` },
      })}`,
    );
    const hostedPath = new URL(String(direct.headers.location), baseUrl).pathname;
    const docs = await get("/docs");
    const asset = /\/_next\/static\/[^"?]+\.(?:js|css)/.exec(docs.body)?.[0];
    expect(asset, "a built asset named by the docs page").toBeDefined();
    const answers: [string, RawAnswer][] = [
      ["signed envelope", await post("/api/status", { jwt: signed })],
      ["problem+json", await post("/api/status", { jwt: "x.y.z" })],
      ["/direct redirect", direct],
      ["hosted page", await get(hostedPath)],
      ["console page", await get("/console/login")],
      ["docs page", docs],
      ["static asset", await get(asset!)],
      ["static asset's 404", await get("/_next/static/chunks/no-such-chunk.js")],
      ["favicon", await get("/favicon.ico")],
      ["404 page", await get("/no-such-page")],
      ["API 404", await post("/api/no-such-operation", {})],
      ["405", await client.send({ method: "DELETE", path: "/api/pix" })],
      ["308 for //x", await get("//x")],
      ["308 for a trailing slash", await get("/docs/")],
    ];
    const statuses = Object.fromEntries(answers.map(([what, answer]) => [what, answer.status]));
    expect(statuses).toEqual({
      "signed envelope": 404,
      "problem+json": 400,
      "/direct redirect": 303,
      "hosted page": 200,
      "console page": 200,
      "docs page": 200,
      "static asset": 200,
      "static asset's 404": 404,
      favicon: 200,
      "404 page": 404,
      "API 404": 404,
      "405": 405,
      "308 for //x": 308,
      "308 for a trailing slash": 308,
    });
    expect(answers[0][1].headers["content-type"]).toMatch(/^application\/json/);
    expect(answers[1][1].headers["content-type"]).toMatch(/^application\/problem\+json/);
    return answers;
  } finally {
    client.close();
  }
}

test.describe("headers on every kind of answer", () => {
  test("every answer npm start's server gives, built assets and Next.js's redirects included", async () => {
    for (const [what, answer] of await answersOfEveryKind(E2E_BASE_URL, merchant)) common(answer.headers, what);
  });

  test("in production, every one of them with HSTS too", async () => {
    const gateway = await startGateway({
      database: "sqlite",
      port: E2E_PORT + 23,
      env: {
        CASHIER_ENV: "production",
        CASHIER_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        PIX_KEY: "pix@loja.example",
        PUBLIC_BASE_URL: "https://pay.example",
        CASHIER_SEED_DEMO: "",
      },
    });
    try {
      const signer = JSON.parse(await gateway.cashier("merchant", "create", "--name", "Loja Segura")) as Merchant;
      for (const [what, answer] of await answersOfEveryKind(gateway.url, signer)) {
        common(answer.headers, what, true);
        if (/static asset|favicon|308/.test(what))
          expect(answer.headers["content-security-policy"], what).toMatch(/^default-src 'none'/);
      }
    } finally {
      await gateway.stop();
    }
  });

  test("hosted pages: a nonce on every script, forms to the gateway and the merchant only", async ({ page }) => {
    const url = await paymentInitiationUrl(page);
    const response = await page.goto(url);
    const headers = response!.headers();
    common(headers);
    const csp = headers["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain(`form-action 'self' ${shop.url}`);
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);
    // A fresh nonce for every answer.
    expect((await page.request.get(url)).headers()["content-security-policy"]).not.toContain(nonce);
    common((await page.request.get("/")).headers());
    common((await page.request.get("/docs")).headers());
  });

  test("API answers, and the favicon browsers ask for by themselves", async ({ request }) => {
    const favicon = await request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toBe("image/svg+xml");
    expect(await favicon.text()).toMatch(/^<svg /);
    for (const response of [
      favicon,
      await request.get("/api/health"),
      await request.post("/api/status", { data: { jwt: "x.y.z" } }),
    ]) {
      common(response.headers());
      expect(response.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
    }
  });

  test("/direct answers: the redirect and the error page, whose style carries the nonce", async ({ page }) => {
    const redirect = await page.request.get(await directPath(), { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
    common(redirect.headers());
    const violations = await watchViolations(page);
    const refused = await page.goto(`/direct/${merchant.keyId}/not-a-token`);
    expect(refused!.status()).toBe(401);
    common(refused!.headers());
    const nonce = /style-src 'nonce-([^']+)'/.exec(refused!.headers()["content-security-policy"])![1];
    expect(await page.locator("style").evaluate((node) => (node as HTMLStyleElement).nonce)).toBe(nonce);
    // The style applied: the page's own layout, not the browser's default margin.
    expect(await page.locator("body").evaluate((node) => getComputedStyle(node).margin)).toBe("0px");
    expect(violations).toEqual([]);
  });

  test("error pages: 404, 405 and 400 carry them too", async ({ request }) => {
    const notFound = await request.get("/pay/no-such-token-at-all-here");
    expect(notFound.status()).toBe(404);
    common(notFound.headers());
    const method = await request.fetch("/api/status", { method: "DELETE" });
    expect(method.status()).toBe(405);
    common(method.headers());
    const malformed = await request.get("/pay/%E0%A4%A");
    expect(malformed.status()).toBe(400);
    common(malformed.headers());
  });
});
