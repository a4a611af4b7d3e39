// Rate limits across instances: two more gateway servers (npm start's script, on the e2e
// database) count in the machine's Redis, behind a trusted proxy that names each client in
// X-Forwarded-For. 300 forged tokens from one address, spread over both servers, meet 429 after
// the shared budget of 100; another merchant's honest traffic through the same servers never does.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { e2eServerEnv } from "./environment";
import { START_SCRIPT } from "../test/support/gateway-process";
import { cashier, type Merchant, postSigned } from "./support";

const root = path.resolve(import.meta.dirname, "..");
// Beside the e2e server's port and start.spec.ts's (+1).
const ports = [Number(e2eServerEnv.PORT) + 3, Number(e2eServerEnv.PORT) + 4];
const servers: ChildProcess[] = [];

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`gateway on port ${port} did not start`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const port of ports) {
    const server = spawn(process.execPath, [START_SCRIPT], {
      cwd: root,
      env: {
        ...process.env,
        ...e2eServerEnv,
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
        // Shared budgets counted exactly on a loaded machine (the deadline: rate-limits-redis-stall).
        REDIS_TIMEOUT_MS: "1000",
        TRUSTED_PROXIES: "127.0.0.1",
        CASHIER_SEED_DEMO: "false",
        CALLBACK_WORKER: "false",
      },
      stdio: "ignore",
    });
    servers.push(server);
  }
  await Promise.all(ports.map(waitForHealth));
});

test.afterAll(() => {
  for (const server of servers) server.kill("SIGTERM");
});

const randomIp = () => `203.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

test("300 forged tokens from one address over two servers sharing Redis: 429s past 100; honest traffic from another key continues", async ({
  request,
}) => {
  const victim = JSON.parse(cashier("merchant", "create", "--name", "Alvo")) as Merchant;
  const honest = JSON.parse(cashier("merchant", "create", "--name", "Honesta")) as Merchant;
  const attacker = randomIp();
  const customer = randomIp();
  const forged = await signRequestToken({ keyId: victim.keyId, secret: "not-the-secret", data: { id: "dep_x" } });
  const statuses: number[] = [];
  const honestStatuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 300; i++) {
    const port = ports[i % 2];
    const response = await request.post(`http://127.0.0.1:${port}/api/status`, {
      data: { jwt: forged },
      headers: { "x-forwarded-for": attacker },
    });
    statuses.push(response.status());
    if (i % 10 === 0) {
      const jwt = await signRequestToken({ keyId: honest.keyId, secret: honest.secret, data: { id: "dep_unknown" } });
      honestStatuses.push(
        (
          await request.post(`http://127.0.0.1:${port}/api/status`, {
            data: { jwt },
            headers: { "x-forwarded-for": customer },
          })
        ).status(),
      );
    }
  }
  console.log(
    `300 forged tokens in ${Date.now() - started} ms: ${statuses.filter((s) => s === 401).length} × 401, ${statuses.filter((s) => s === 429).length} × 429`,
  );
  // Each server saw 150 forged tokens: only a shared count reaches the budget of 100 on both.
  expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
  expect(new Set(statuses.slice(100).map((_, i) => ports[(100 + i) % 2]))).toEqual(new Set(ports));
  expect(new Set(honestStatuses)).toEqual(new Set([404]));

  const refused = await request.post(`http://127.0.0.1:${ports[0]}/api/status`, {
    data: { jwt: forged },
    headers: { "x-forwarded-for": attacker },
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
  expect(refused.headers()["x-frame-options"]).toBe("DENY");
});

test("hosted pages are limited per client address, an IPv6 /64 as one, one budget (600 a minute) over both servers", async ({
  request,
}) => {
  // Each request from another address of one /64: a client there can take any of them.
  const block = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
  const address = (n: number) => `${block}::${n.toString(16)}`;
  let firstLimited = -1;
  for (let i = 0; i < 620 && firstLimited < 0; i++) {
    const response = await request.get(`http://127.0.0.1:${ports[i % 2]}/pay/${"x".repeat(32)}/status`, {
      headers: { "x-forwarded-for": address(i + 1) },
    });
    if (response.status() === 429) firstLimited = i;
  }
  expect(firstLimited).toBe(600);
  // The status call is a script's: JSON. A page past the limit is a page, in the customer's language.
  const status = await request.get(`http://127.0.0.1:${ports[0]}/pay/${"x".repeat(32)}/status`, {
    headers: { "x-forwarded-for": address(1000) },
  });
  expect(status.headers()["content-type"]).toContain("application/problem+json");
  for (const path of [
    "/pay/ajuda?lang=en",
    `/pay/${"x".repeat(32)}?lang=en`,
    "/direct/mk_test_x/not-a-token?lang=en",
  ]) {
    const page = await request.get(`http://127.0.0.1:${ports[1]}${path}`, {
      headers: { "x-forwarded-for": address(1001), "x-retry-after": "0" },
    });
    expect(page.status(), path).toBe(429);
    expect(page.headers()["content-type"], path).toContain("text/html");
    expect(Number(page.headers()["retry-after"]), path).toBeGreaterThan(0);
    const html = await page.text();
    expect(html, path).toContain("Too many attempts in a short time");
    expect(html, path).toContain('href="/pay/ajuda?lang=en"');
  }
});

test("a merchant's own budget (merchant update --rate-limit 6), all its keys together: counted over both servers in Redis, and in the e2e server's primary", async () => {
  const merchant = JSON.parse(cashier("merchant", "create", "--name", "Orçamento próprio")) as Merchant;
  const second = {
    ...merchant,
    ...(JSON.parse(cashier("merchant", "key", "create", merchant.merchantId)) as Merchant),
  };
  expect(JSON.parse(cashier("merchant", "update", merchant.merchantId, "--rate-limit", "6"))).toMatchObject({
    requestsPerMinute: 6,
    requestBudget: "merchant",
  });
  const statusesAt = async (urlOf: (i: number) => string) => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await postSigned(urlOf(i), i % 2 ? second : merchant, { id: "dep_none" }));
    return answers;
  };
  for (const urlOf of [
    (i: number) => `http://127.0.0.1:${ports[i % 2]}/api/status`,
    () => `${e2eServerEnv.PUBLIC_BASE_URL}/api/status`,
  ]) {
    const answers = await statusesAt(urlOf);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
    // Signed with the key that sent it, as every answer past verification is.
    expect(answers[7].data.error).toMatchObject({
      type: "rate_limited",
      detail: expect.stringMatching(
        new RegExp(`^more than 6 requests a minute for merchant ${merchant.merchantId}, all its keys together`),
      ),
    });
  }
});
