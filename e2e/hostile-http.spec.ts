// The review's reproducers that need the real HTTP server (issue 11, "500s from bad input"), each
// by name, against the production build: every one is a 4xx. Those that reach a route handler's
// logic are in test/integration/hostile-input.test.ts.
import http from "node:http";
import net from "node:net";
import { type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { E2E_BASE_URL } from "./environment";
import { cashier, type Merchant } from "./support";

let merchant: Merchant;
let sequence = 0;

test.beforeAll(() => {
  merchant = JSON.parse(cashier("merchant", "create", "--name", "Loja Hostil")) as Merchant;
});

/** One request exactly as written (no client normalises the path or the method). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${E2E_BASE_URL}/`, { method, path, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A refused form's answer: a 303 back to its page, which then shows the errors (the cookie carries them once). */
async function refusedPage(path: string, answer: Awaited<ReturnType<typeof raw>>): Promise<string> {
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe(path);
  const cookie = String(answer.headers["set-cookie"]).split(";")[0];
  const page = await raw("GET", path, { cookie });
  expect(page.status).toBe(200);
  return page.body;
}

async function paymentUrl(page: Page, extra: Record<string, string> = {}): Promise<string> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "10,00",
    reference: `e2e-hostile-${Date.now()}-${++sequence}`,
    merchant_user: "u1",
    country: "BR",
    buyer_ip: "203.0.113.9",
    successRedirectUrl: "https://shop.example/ok",
    failedRedirectUrl: "https://shop.example/no",
    ...extra,
  };
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await page.request.post("/api/payment-initiation", { data: { jwt } });
  return JSON.parse(Buffer.from(((await response.json()) as { jwt: string }).jwt.split(".")[1], "base64url").toString())
    .data.paymentInitiationUrl as string;
}

test("malformed percent-encoding in a path: /pay/%E0%A4%A and /direct/%/x are 400", async () => {
  for (const path of ["/pay/%E0%A4%A", "/direct/%/x"]) {
    const response = await raw("GET", path);
    expect(response.status, path).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: "path_malformed" });
  }
});

test("a ?lang= no header can carry (✓, NUL, CR LF) is no language, not a 500, on every kind of route", async () => {
  for (const path of [
    "/pay/ajuda?lang=%E2%9C%93",
    "/pay/ajuda?lang=%00",
    "/docs?lang=en%0D%0AX-Evil:%201",
    "/api/health?lang=%E2%9C%93",
    "/nowhere?lang=%E2%9C%93",
  ]) {
    const response = await raw("GET", path);
    expect(response.status, path).toBe(path.startsWith("/nowhere") ? 404 : 200);
    expect(response.headers["x-evil"], path).toBeUndefined();
  }
});

test("a POST to a hosted page with no form: the proxy's 405 naming what it takes", async () => {
  for (const path of ["/pay/ajuda", "/pay/AAAAAAAAAAAAAAAAAAAAAAAA/banco"]) {
    const response = await raw(
      "POST",
      path,
      { origin: E2E_BASE_URL, "content-type": "application/x-www-form-urlencoded" },
      "a=b",
    );
    expect(response.status, path).toBe(405);
    expect(response.headers.allow, path).toBe("GET, HEAD");
  }
});

test("TRACE on the API routes: 405 with Allow", async () => {
  for (const [path, allow] of [
    ["/api/pix", "POST"],
    ["/api/payment-initiation", "POST"],
    ["/api/gateway-out", "POST"],
    ["/api/status", "POST"],
    ["/api/health", "GET, HEAD"],
  ]) {
    const response = await raw("TRACE", path);
    expect(response.status, path).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers["x-frame-options"]).toBe("DENY");
  }
  expect((await raw("DELETE", "/api/pix")).headers.allow).toBe("POST");
  expect((await raw("POST", "/docs")).status).toBe(405);
});

// Before, "//" threw inside the server before the 405 was written: the client got a 408 later.
test("a method Next.js cannot take on a path URL cannot read ('//'): 405 at once, not a client left waiting", async () => {
  for (const method of ["PROPFIND", "MKCOL", "LOCK", "SEARCH"]) {
    for (const path of ["//", "//evil.example/api/pix", "/a//b"]) {
      const started = performance.now();
      expect((await raw(method, path)).status, `${method} ${path}`).toBe(405);
      // The 408 a client left waiting got came only after HTTP_REQUEST_TIMEOUT_SECONDS (10 s).
      expect(performance.now() - started, `${method} ${path}`).toBeLessThan(2_000);
    }
  }
});

test("a multipart body posted to a /pay page is read as the form it is: a file where the CPF goes is no CPF", async ({
  page,
}) => {
  const url = new URL(await paymentUrl(page, { cpf: "123.456.789-00" }));
  const boundary = "----x";
  const part = (headers: string, value: string) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`;
  const body =
    part('Content-Disposition: form-data; name="a"', "b") +
    part('Content-Disposition: form-data; name="cpf"; filename="cpf.txt"\r\nContent-Type: text/plain', "52998224725") +
    `--${boundary}--\r\n`;
  const response = await raw(
    "POST",
    url.pathname,
    { "content-type": `multipart/form-data; boundary=${boundary}`, origin: E2E_BASE_URL },
    body,
  );
  expect(await refusedPage(url.pathname, response)).toContain("CPF inválido");
});

test("hosted forms: cross-origin 403, a body that is no form or no customer's text refused field by field, a body over 1 MB 413", async ({
  page,
}) => {
  // A CPF to fix: the details form is there to post.
  const path = new URL(await paymentUrl(page, { cpf: "123.456.789-00" })).pathname;
  const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
    raw("POST", path, { "content-type": "application/x-www-form-urlencoded", origin: E2E_BASE_URL, ...headers }, body);

  expect((await post("name=Maria", { origin: "https://evil.example" })).status).toBe(403);
  // Under no-referrer a browser says "Origin: null": that is no origin of the gateway's either.
  expect((await post("name=Maria", { origin: "null" })).status).toBe(403);
  for (const [body, headers] of [
    ["{{{", { "content-type": "application/json" }],
    ["%E0%A4%A=%", {}],
    [`name=${"a".repeat(5000)}`, {}],
    ["name=%ED%A0%80&cpf=%00", {}],
  ] as const) {
    expect(await refusedPage(path, await post(body, headers)), body.slice(0, 20)).toContain(
      "Corrija os campos indicados",
    );
  }
  expect((await post(Buffer.alloc(1024 * 1024 + 10, "a"))).status).toBe(413);
});

test("a slow body is cut off with 408 after HTTP_REQUEST_TIMEOUT_SECONDS (10 s), not held for 300 s", async () => {
  test.setTimeout(40_000);
  const started = Date.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(E2E_BASE_URL).port), "127.0.0.1", () => {
      socket.write(
        'POST /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jwt":',
      );
    });
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
  const seconds = (Date.now() - started) / 1000;
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
  expect(seconds).toBeGreaterThanOrEqual(9);
  expect(seconds).toBeLessThan(20);
});
