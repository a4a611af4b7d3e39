// The review's reproducers that need the real HTTP server (issue 11, "500s from bad input"; issue
// 25, "unauthenticated POSTs draw 500s from the console and pages"), each by name, against the
// production build: every one is a 4xx, and a refused call writes nothing. Those that reach a
// route handler's logic are in test/integration/hostile-input.test.ts.
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { transactionsMessages } from "../lib/i18n/console-transactions";
import { type GatewayProcess, hasTestPostgres, startGateway } from "../test/support/gateway-process";
import {
  E2E_CONSOLE_PASSWORD,
  createConsoleUserWithCli,
  logInToConsole,
  setUpConsoleUser,
  signInAsNew,
} from "./console-support";
import { E2E_BASE_URL, E2E_PORT } from "./environment";
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
  baseUrl = E2E_BASE_URL,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/`, { method, path, headers }, (response) => {
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

// Issue 25: server actions and page POSTs. Next.js reads a POST to a page as a server action and
// threw on each of these shapes (a 500); proxy.ts refuses them first, and each action parses its
// arguments (lib/http/parse-action-arguments).

/**
 * The build's server actions by exported name (their ids change with every build), each with a
 * page it is on: posted to a page without it, Next.js forwards the call to one that has it.
 */
const actions: Record<string, { id: string; page: string }> = Object.fromEntries(
  Object.entries(
    (
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, "../.next/server/server-reference-manifest.json"), "utf8"),
      ) as { node: Record<string, { exportedName: string; workers: Record<string, unknown> }> }
    ).node,
  ).map(([id, action]) => [
    action.exportedName,
    {
      id,
      page: Object.keys(action.workers)[0]
        .replace(/^app|\/page$/g, "")
        .replace(/\[[^\]]+\]/g, "x_1"),
    },
  ]),
);
const actionIds = Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, action.id]));

const BOUNDARY = "----CashierHostileBoundary5d1e";

/** A multipart body as a browser writes one, each [name, value] a text field. */
const multipart = (fields: [string, string][]) =>
  fields
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("") + `--${BOUNDARY}--\r\n`;
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A script's call of the named action, as the page's script makes it (a JSON array of arguments), or as given. */
function callAction(
  path: string,
  action: string,
  body: string,
  headers: Record<string, string> = {},
  baseUrl = E2E_BASE_URL,
) {
  return raw(
    "POST",
    path,
    { origin: baseUrl, "next-action": actionIds[action], "content-type": "text/plain;charset=UTF-8", ...headers },
    body,
    baseUrl,
  );
}

const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

/** A setup link opened in a browser of its own, its password saved: the page at the authenticator step. */
async function atAuthenticatorStep(browser: Browser, setupUrl: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: "pt-BR" })).newPage();
  await page.goto(new URL(setupUrl).pathname);
  await page.getByLabel(/^Senha$/).fill(E2E_CONSOLE_PASSWORD);
  await page.getByLabel(/Repita a senha/).fill(E2E_CONSOLE_PASSWORD);
  await page.getByRole("button", { name: "Salvar senha" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  return page;
}

/** A signed-in operator's audit log, as its CSV export gives it. */
async function auditCsv(page: Page): Promise<string> {
  const response = await page.request.get("/console/audit/export.csv");
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe("server actions and page POSTs never 500 (issue 25)", () => {
  let desk: Page;

  test.beforeAll(async ({ browser }) => {
    desk = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await signInAsNew(desk, "operator");
  });

  test("an action whose Host or X-Forwarded-Host is not its Origin's (PUBLIC_BASE_URL): 403 before Next.js throws, nothing written", async () => {
    // Unknown e-mails: a sign-in that ran would leave a session.login_failed row with its address.
    const login = (address: string) =>
      multipart([
        ["_1_email", `nobody-${address}@example.com`],
        ["_1_password", "a wrong password"],
        ["0", '[{"status":"idle"},"$K1"]'],
      ]);
    const refused = "203.0.113.71";
    for (const path of ["/console/login", "/console", "/console/nope"]) {
      for (const hosts of [{ host: "evil.example" }, { "x-forwarded-host": "evil.example" }] as Record<
        string,
        string
      >[]) {
        const name = `${path} ${JSON.stringify(hosts)}`;
        const script = await raw(
          "POST",
          path,
          {
            origin: E2E_BASE_URL,
            "next-action": actionIds.logIn,
            "content-type": MULTIPART,
            "x-forwarded-for": refused,
            ...hosts,
          },
          login(refused),
        );
        expect(script.status, name).toBe(403);
        expect(JSON.parse(script.body), name).toMatchObject({ code: "origin_not_allowed" });
        expect(script.headers["set-cookie"], name).toBeUndefined();
        // The same form without script (no Next-Action: Next.js reads a multipart POST as one too).
        const form = await raw(
          "POST",
          path,
          { origin: E2E_BASE_URL, "content-type": MULTIPART, ...hosts },
          multipart([
            [`$ACTION_ID_${actionIds.switchConsoleLanguage}`, ""],
            ["lang", "en"],
          ]),
        );
        expect(form.status, name).toBe(403);
      }
    }
    // The same call with its own host is read: a failed sign-in, audited with its address.
    const accepted = "203.0.113.72";
    const control = await raw(
      "POST",
      "/console/login",
      { origin: E2E_BASE_URL, "next-action": actionIds.logIn, "content-type": MULTIPART, "x-forwarded-for": accepted },
      login(accepted),
    );
    expect(control.status).toBe(200);
    expect(control.body).toContain('"status":"refused"');
    const audit = await auditCsv(desk);
    expect(audit).toContain(accepted);
    expect(audit).not.toContain(refused);
  });

  test("broken multipart/form-data, with or without Next-Action: 400 on the console and unknown /api/ paths, the API's 415 on its routes", async ({
    page,
  }) => {
    const broken: [string, string, string][] = [
      ["a boundary the body does not use", "multipart/form-data; boundary=zzz", "--b\r\nfoo\r\n"],
      [
        "a body cut short",
        "multipart/form-data; boundary=b",
        '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx',
      ],
      ["no boundary", "multipart/form-data", "--b\r\n"],
    ];
    for (const path of ["/console/login", "/console/nope", "/api/nope", "/api/pix"]) {
      for (const [shape, contentType, body] of broken) {
        for (const action of [{}, { "next-action": actionIds.logIn }] as Record<string, string>[]) {
          const name = `${path}, ${shape}, ${"next-action" in action ? "with" : "without"} Next-Action`;
          const response = await raw(
            "POST",
            path,
            { origin: E2E_BASE_URL, "content-type": contentType, ...action },
            body,
          );
          // A merchant API route runs no server action (the proxy leaves it to its wrapper): its
          // answer is the API's own, naming the content types it takes.
          if (path === "/api/pix") {
            expect(response.status, name).toBe(415);
            expect(JSON.parse(response.body), name).toMatchObject({
              code: "unsupported_media_type",
              detail: expect.stringContaining("application/jwt"),
            });
            expect(response.headers["x-frame-options"], name).toBe("DENY");
            continue;
          }
          expect(response.status, name).toBe(400);
          expect(JSON.parse(response.body), name).toMatchObject({ code: "form_malformed" });
        }
      }
    }
    // A hosted form reads its own body: broken multipart there is still a form left blank, each field's error on its page.
    const pay = new URL(await paymentUrl(page, { cpf: "123.456.789-00" })).pathname;
    const [, contentType, body] = broken[1];
    const answer = await raw("POST", pay, { origin: E2E_BASE_URL, "content-type": contentType }, body);
    expect(await refusedPage(pay, answer)).toContain("Corrija os campos indicados");
  });

  test("an action body that is not JSON under application/json, form-urlencoded or no content type: 400", async () => {
    for (const contentType of ["application/json", "application/x-www-form-urlencoded", "text/plain", null]) {
      for (const body of ["{{{not json", "\ufeff[]", '{"a":1}']) {
        const name = `${contentType} ${JSON.stringify(body)}`;
        const response = await raw(
          "POST",
          "/console/login",
          {
            origin: E2E_BASE_URL,
            "next-action": actionIds.logIn,
            ...(contentType ? { "content-type": contentType } : {}),
          },
          body,
        );
        expect(response.status, name).toBe(400);
        expect(JSON.parse(response.body), name).toMatchObject({ code: "action_malformed" });
      }
    }
    // More arguments than Next.js takes (1,000), or more characters than React counts (1,000,000): each threw.
    for (const args of [Array(1001).fill(1), [{ status: "idle" }, "$K1", "b".repeat(1_000_000)]]) {
      expect((await callAction("/console/login", "logIn", JSON.stringify(args))).status).toBe(400);
    }
    // References to parts the call does not carry, which React's reader threw on.
    for (const body of ['["$1"]', '["$@1"]', '["$B1"]', '["$Q1"]', '["$h1"]', '["$nx"]', '["$"]']) {
      expect((await callAction("/console/login", "logIn", body)).status, body).toBe(400);
    }
  });

  test("an action id this build does not have (Next-Action: deadbeef…, a form's $ACTION_ID_): 404, marked as Next.js marks it", async () => {
    const unknown = "deadbeef".repeat(5) + "00";
    for (const [name, headers, body] of [
      ["a script's call", { "next-action": unknown, "content-type": "text/plain;charset=UTF-8" }, "[]"],
      ["an id of the wrong length", { "next-action": "x", "content-type": "text/plain;charset=UTF-8" }, "[]"],
      ["a script's multipart call", { "next-action": unknown, "content-type": MULTIPART }, multipart([["0", "[]"]])],
      ["a form without script", { "content-type": MULTIPART }, multipart([[`$ACTION_ID_${unknown}`, ""]])],
      [
        "a bound form without script",
        { "content-type": MULTIPART },
        multipart([
          ["$ACTION_REF_1", ""],
          ["$ACTION_1:0", `{"id":"${unknown}","bound":null}`],
        ]),
      ],
    ] as const) {
      const response = await raw("POST", "/console/login", { origin: E2E_BASE_URL, ...headers }, body);
      expect(response.status, name).toBe(404);
      expect(response.headers["x-nextjs-action-not-found"], name).toBe("1");
      expect(JSON.parse(response.body), name).toMatchObject({ code: "not_found" });
    }
    // A real action outside the console, where Next.js's not-found page would have run it: no such action there.
    expect((await callAction("/api/nope", "switchConsoleLanguage", "[]")).status).toBe(404);
  });

  test("wrong-typed or 5,000-deep arguments to skipTotp, savePassword, enrolTotp, switchConsoleLanguage and every other action: 404 or 400, nothing written", async ({
    page,
  }) => {
    const user = createConsoleUserWithCli("merchant-admin", merchant.merchantId);
    const setupPath = new URL(user.setupUrl).pathname;
    const token = setupPath.split("/").pop()!;
    for (const [action, args] of [
      ["skipTotp", "[1]"],
      ["skipTotp", `[${JSON.stringify(token)},{"status":"idle"},{"not":"a form"}]`],
      ["savePassword", "[1,2,3]"],
      ["savePassword", `[${JSON.stringify(token)},{"status":"idle"},"${E2E_CONSOLE_PASSWORD}"]`],
      ["enrolTotp", '[{},2,"x"]'],
      ["switchConsoleLanguage", "[1]"],
      ["switchConsoleLanguage", '["en"]'],
      ["logIn", "[1,2]"],
    ]) {
      const response = await callAction(setupPath, action, args);
      expect(response.status, `${action} ${args}`).toBe(404);
      expect(response.headers["set-cookie"], `${action} ${args}`).toBeUndefined();
    }
    // Every action of the build, with arguments no page sends, and nested 5,000 deep.
    for (const [action, { page: on }] of Object.entries(actions)) {
      // Sandbox sign-up is off on this server: the proxy answers every POST there 404 before any
      // action reads its body, the deep one included.
      const malformed = on.startsWith("/console/signup") ? 404 : 400;
      expect((await callAction(on, action, '[1,{"a":[]},"x",null]')).status, `${action} on ${on}`).toBe(404);
      const nested = await callAction(on, action, `[${deep(5000)}]`);
      expect(nested.status, action).toBe(malformed);
      expect(JSON.parse(nested.body), action).toMatchObject({
        code: malformed === 400 ? "action_malformed" : "not_found",
      });
      const nestedForm = await raw(
        "POST",
        on,
        { origin: E2E_BASE_URL, "next-action": actionIds[action], "content-type": MULTIPART },
        multipart([["0", `[${deep(5000)}]`]]),
      );
      expect(nestedForm.status, action).toBe(malformed);
    }
    // Nothing was written: the link still opens on its first step.
    await page.goto(setupPath);
    await expect(page.getByLabel(/^(Senha|Password)$/)).toBeVisible();
  });

  test("skipTotp on a used, unknown or operator's setup link: the refusal on the page, not a 500", async ({
    browser,
  }) => {
    // Used: two tabs at the authenticator step; one finishes, then the other's "continue without" is refused.
    const user = createConsoleUserWithCli("merchant-admin", merchant.merchantId);
    const first = await atAuthenticatorStep(browser, user.setupUrl);
    const second = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await second.goto(new URL(user.setupUrl).pathname);
    await first.getByRole("button", { name: "Continuar sem autenticador" }).click();
    await expect(first).toHaveURL(/\/console\/login$/);
    await second.getByRole("button", { name: "Continuar sem autenticador" }).click();
    await expect(second.getByRole("alert").filter({ hasText: "this setup link is not valid" })).toBeVisible();
    await expect(second).toHaveURL(new URL(user.setupUrl).pathname);

    // Unknown, and an operator's (whose page offers no such button): the same refusal, as the form's state.
    const operator = createConsoleUserWithCli("operator");
    const operatorPage = await atAuthenticatorStep(browser, operator.setupUrl);
    await expect(operatorPage.getByRole("button", { name: "Continuar sem autenticador" })).toHaveCount(0);
    for (const [token, code] of [
      [new URL(operator.setupUrl).pathname.split("/").pop()!, "forbidden"],
      ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "not_found"],
    ]) {
      const response = await callAction(`/console/setup/${token}`, "skipTotp", `["${token}",{"status":"idle"},"$K1"]`);
      expect(response.status, code).toBe(200);
      expect(response.body, code).toContain(`"code":"${code}"`);
    }
    // The operator's link still asks for the authenticator: nothing was finished.
    await operatorPage.reload();
    await expect(operatorPage.getByTestId("totp-secret")).toBeVisible();
  });

  test("/favicon.ico: the gateway's mark with every answer's security headers, never framed, cached a day", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await raw(method, "/favicon.ico");
      expect(response.status, method).toBe(200);
      expect(response.headers["content-type"], method).toBe("image/svg+xml");
      expect(response.headers["x-frame-options"], method).toBe("DENY");
      expect(response.headers["content-security-policy"], method).toMatch(/frame-ancestors 'none'/);
      expect(response.headers["x-content-type-options"], method).toBe("nosniff");
      expect(response.headers["cache-control"], method).toBe("public, max-age=86400");
      if (method === "GET") expect(response.body).toMatch(/^<svg /);
    }
  });
});

// On PostgreSQL a NUL in text reached the database, which refused to compare it: a 500. Pinned on
// both databases, since SQLite took it without complaint.
for (const database of ["sqlite", "postgres"] as const) {
  test(`a NUL in the console's search and filters (q, actor, action; pages and CSV) is refused, never a 500, on ${database}`, async ({
    browser,
  }) => {
    test.skip(
      database === "postgres" && !hasTestPostgres(),
      "TEST_POSTGRES_URL is not set (postgresql://postgres@127.0.0.1:5432/test): the PostgreSQL case needs a server",
    );
    test.setTimeout(180_000);
    let gateway: GatewayProcess | null = null;
    try {
      // Past the ports the other specs start servers on (cluster's +2, console-throttle's +5 to +7).
      if (database === "postgres") gateway = await startGateway({ database, port: E2E_PORT + 8 });
      const baseURL = gateway?.url ?? E2E_BASE_URL;
      const page = await newOperatorPage(browser, baseURL, gateway);
      const words = transactionsMessages["pt-BR"];
      for (const path of [
        "/console/transactions?q=a%00b",
        "/console/transactions?merchant=%00",
        "/console/transactions?q=%00&type=deposit",
      ]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("alert").filter({ hasText: words.invalidFilters }), path).toBeVisible();
      }
      for (const path of ["/console/audit?actor=a%00b", "/console/audit?action=a%00b"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("alert").filter({ hasText: "NUL" }), path).toBeVisible();
      }
      for (const path of [
        "/console/transactions/export.csv?q=a%00b",
        "/console/audit/export.csv?actor=a%00b",
        "/console/audit/export.csv?action=a%00b",
        "/console/balance/export.csv?merchant=%00",
      ]) {
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(422);
        expect(await response.json(), path).toMatchObject({ fields: [{ message: expect.stringContaining("NUL") }] });
      }
      for (const path of [
        "/console/balance?merchant=%00",
        "/console/payouts?merchant=%00&marked=%00&approved=%00",
        "/console/keys?merchant=%00",
        "/console?merchant=%00&mode=%00",
      ]) {
        expect((await page.goto(path))?.status(), path).toBeLessThan(500);
      }
      // In a form a server action reads: the call is refused before any lookup.
      const login = await raw(
        "POST",
        "/console/login",
        { origin: baseURL, "next-action": actionIds.logIn, "content-type": MULTIPART },
        multipart([
          ["_1_email", "a\u0000b@example.com"],
          ["_1_password", "x"],
          ["0", '[{"status":"idle"},"$K1"]'],
        ]),
        baseURL,
      );
      expect(login.status).toBe(404);
      // The same search without the NUL is an ordinary one.
      expect((await page.goto("/console/transactions?q=ab"))?.status()).toBe(200);
      await expect(page.getByText(words.invalidFilters)).toHaveCount(0);
    } finally {
      await gateway?.stop();
    }
  });
}

/** An operator signed in on the gateway at baseURL (a gateway of its own when given). */
async function newOperatorPage(browser: Browser, baseURL: string, gateway: GatewayProcess | null): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, locale: "pt-BR" })).newPage();
  const created = gateway
    ? (JSON.parse(
        await gateway.cashier("user", "create", "--email", `nul-${Date.now()}@example.com`, "--role", "operator"),
      ) as { email: string; setupUrl: string })
    : createConsoleUserWithCli("operator");
  const { user } = await setUpConsoleUser(page, created);
  await logInToConsole(page, user);
  return page;
}
