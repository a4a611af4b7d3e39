// The console sign-in's throttles under concurrency, through the login page's real server action
// (its id read from the page, called as the page's script calls it, and the form posted as a
// browser without JavaScript posts it), against production servers on SQLite (two workers counting
// in their primary), on PostgreSQL and on two processes counting in Redis. An operator with an authenticator gets 200 concurrent
// guesses of the code with the right password from one address, and another 200 spread over 50
// addresses of as many networks: the audit log shows the address's budget and the account's total
// checked and no more, and every other answer is the throttled one. The throttled account's user is told at their next
// sign-in.
import { randomInt } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { hashToken } from "../lib/crypto/hash-token";
import { createDb } from "../lib/db/client";
import { type GatewayProcess, hasTestPostgres, startGateway } from "../test/support/gateway-process";
import { FormFields, encodeActionArguments } from "../test/support/page-fuzz-fixture";
import { freshTotpCode, wrongTotpCodes } from "../test/support/totp-codes";
import { type E2eConsoleUser, logInToConsole, setUpConsoleUser } from "./console-support";
import { e2eServerEnv } from "./environment";
import { keepScreenshot } from "./support";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// The defaults: CONSOLE_LOGIN_FAILURES and CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES.
const ADDRESS_BUDGET = 10;
const ACCOUNT_TOTAL = 50;

type Target = { name: string; database: "sqlite" | "postgres"; port: number; redis: boolean; workers: number };

// Past the ports the other specs start servers on (the e2e server's +1, +3 and +4).
const base = Number(e2eServerEnv.PORT);
const targets: Target[] = [
  // Without Redis an instance counts in its primary process (docs/operating.md): two workers, one budget.
  { name: "SQLite, two workers counting in the primary", database: "sqlite", port: base + 5, redis: false, workers: 2 },
  { name: "PostgreSQL", database: "postgres", port: base + 6, redis: false, workers: 1 },
  { name: "two processes counting in Redis", database: "sqlite", port: base + 7, redis: true, workers: 2 },
];
// Each request on a connection of its own: a kept-alive connection the server times out (5 s idle)
// just as the next burst reuses it is reset, and a POST is not retried.
const CLOSE = { connection: "close" };

const available = (target: Target) => target.database !== "postgres" || hasTestPostgres();

const gateways = new Map<string, GatewayProcess>();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await Promise.all(
    targets.filter(available).map(async (target) => {
      const gateway = await startGateway({
        database: target.database,
        port: target.port,
        redisUrl: target.redis ? REDIS_URL : undefined,
        // 200 sign-ins at once, each a password hash, on a loaded 2-core machine: the request and
        // pool waits well past what they take, so every answer is the throttle's own.
        env: {
          WEB_CONCURRENCY: String(target.workers),
          CALLBACK_WORKER: "false",
          HTTP_HEADERS_TIMEOUT_SECONDS: "120",
          HTTP_REQUEST_TIMEOUT_SECONDS: "120",
          DATABASE_POOL_TIMEOUT_SECONDS: "120",
        },
      });
      gateways.set(target.name, gateway);
    }),
  );
});

test.afterAll(async () => {
  await Promise.all([...gateways.values()].map((gateway) => gateway.stop()));
});

/** An address no earlier run used: the Redis counters outlive a run. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
/** An address of a network (/24) no earlier run used. */
const freshNetworkIp = (i: number) => `10.${randomInt(256)}.${i}.${randomInt(1, 255)}`;

/** Operators created with the CLI, one at a time (two CLI processes writing one SQLite file at once
 * can meet "database is locked"), then set up through the setup link's pages, authenticator
 * enrolled, one at a time too: two set-ups in two workers on one SQLite file met a 500 on a
 * loaded machine (likely a deferred transaction's write after the other process's commit, which
 * WAL mode refuses at once; the throttle, not that, is what this file tests). */
async function newOperators(browser: Browser, gateway: GatewayProcess, count: number): Promise<E2eConsoleUser[]> {
  const created: { email: string; setupUrl: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `throttle-${Date.now()}-${randomInt(1e9)}@example.com`;
    created.push(JSON.parse(await gateway.cashier("user", "create", "--email", email, "--role", "operator")));
  }
  const operators: E2eConsoleUser[] = [];
  for (const user of created) {
    const context = await browser.newContext({
      baseURL: gateway.url,
      locale: "pt-BR",
      extraHTTPHeaders: { "x-forwarded-for": freshIp() },
    });
    operators.push((await setUpConsoleUser(await context.newPage(), user)).user);
    await context.close();
  }
  return operators;
}

/** The login form as served: its hidden fields (what a browser without JavaScript posts with it). */
type LoginForm = { hidden: [string, string][]; actionId: string };

async function readLoginForm(gateway: GatewayProcess): Promise<LoginForm> {
  const html = await (
    await fetch(`${gateway.url}/console/login`, { headers: { ...CLOSE, "x-forwarded-for": freshIp() } })
  ).text();
  const form = /<form[^>]*>[\s\S]*?<\/form>/.exec(html)![0];
  const decode = (text: string) =>
    text.replace(/&(quot|amp|lt|gt|#x27);/g, (_, name: string) =>
      name === "quot" ? '"' : name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : "'",
    );
  const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(
    ([, name, value]) => [decode(name), decode(value ?? "")] as [string, string],
  );
  // The action's reference: {"id": the server action's id, "bound": the form's state}.
  const reference = hidden.find(([name]) => /^\$ACTION_\d+:0$/.test(name));
  expect(reference, "the form names its server action").toBeDefined();
  return { hidden, actionId: (JSON.parse(reference![1]) as { id: string }).id };
}

type Fields = { email: string; password: string; code: string };
type Answer = "signed_in" | "refused" | "throttled";

/**
 * One sign-in as the page's script sends it, from `ip` behind the trusted proxy: the action's id in
 * Next-Action and its arguments (the form's state, then the form) encoded as React encodes them.
 * The flood goes this way, the cheapest for an attacker and for the test; the throttle is before
 * both ways in.
 */
async function callSignIn(gateway: GatewayProcess, form: LoginForm, fields: Fields, ip: string): Promise<Answer> {
  const { contentType, body } = encodeActionArguments([{ status: "idle" }, new FormFields(Object.entries(fields))]);
  const response = await fetch(`${gateway.url}/console/login`, {
    method: "POST",
    body,
    headers: {
      ...CLOSE,
      origin: gateway.url,
      "content-type": contentType,
      "x-forwarded-for": ip,
      "next-action": form.actionId,
      accept: "text/x-component",
    },
    redirect: "manual",
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  if (/^1:\{"status":"refused"\}$/m.test(text)) return "refused";
  if (/^1:\{"status":"throttled","retryAfterSeconds":\d+\}$/m.test(text)) return "throttled";
  throw new Error(`an answer that is neither refused nor throttled: ${text.slice(0, 300)}`);
}

/** One sign-in as a browser without JavaScript submits the form: the alert of the page it answers. */
async function submitSignInForm(gateway: GatewayProcess, form: LoginForm, fields: Fields, ip: string) {
  const body = new FormData();
  for (const [name, value] of [...form.hidden, ...Object.entries(fields)]) body.append(name, value);
  const response = await fetch(`${gateway.url}/console/login`, {
    method: "POST",
    body,
    headers: { ...CLOSE, origin: gateway.url, "x-forwarded-for": ip },
    redirect: "manual",
  });
  expect(response.status).toBe(200);
  return /<div role="alert"[^>]*>([^<]*)</.exec(await response.text())?.[1];
}

const tally = (answers: Answer[]) =>
  answers.reduce<Partial<Record<Answer, number>>>(
    (counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }),
    {},
  );

/** The failed sign-ins the gateway checked (each checked failure is one session.login_failed row), by address. */
async function checkedFailures(gateway: GatewayProcess, email: string): Promise<string[]> {
  const db = createDb(gateway.databaseUrl);
  try {
    const rows = await db.auditEvent.findMany({
      where: { action: "session.login_failed", actorEmail: email },
      select: { ip: true },
    });
    return rows.map((row) => row.ip!);
  } finally {
    await db.$disconnect();
  }
}

for (const target of targets) {
  test(`${target.name}: 200 concurrent wrong codes from one address, and 200 over 50 networks against one account, are checked only up to the budgets`, async ({
    browser,
  }, testInfo) => {
    test.skip(!available(target), "TEST_POSTGRES_URL is unset: no PostgreSQL server to run against");
    test.setTimeout(120_000);
    const gateway = gateways.get(target.name)!;
    const [alone, spread] = await newOperators(browser, gateway, 2);
    const form = await readLoginForm(gateway);

    const ip = freshIp();
    const fromOne = await Promise.all(
      wrongTotpCodes(alone.totpSecret!, 200).map((code) =>
        callSignIn(gateway, form, { email: alone.email, password: alone.password, code }, ip),
      ),
    );
    expect(tally(fromOne)).toEqual({ refused: ADDRESS_BUDGET, throttled: 200 - ADDRESS_BUDGET });
    expect(await checkedFailures(gateway, alone.email)).toHaveLength(ADDRESS_BUDGET);
    // The form posted without JavaScript waits the same, right code or not.
    expect(
      await submitSignInForm(
        gateway,
        form,
        { email: alone.email, password: alone.password, code: freshTotpCode(alone.totpSecret!)! },
        ip,
      ),
    ).toMatch(/^Muitas tentativas de entrar\. Tente de novo em 15 min\.$/);

    const addresses = Array.from({ length: 50 }, (_, i) => freshNetworkIp(i));
    const fromMany = await Promise.all(
      wrongTotpCodes(spread.totpSecret!, 200).map((code, i) =>
        callSignIn(gateway, form, { email: spread.email, password: spread.password, code }, addresses[i % 50]),
      ),
    );
    expect(tally(fromMany)).toEqual({ refused: ACCOUNT_TOTAL, throttled: 200 - ACCOUNT_TOTAL });
    const checked = await checkedFailures(gateway, spread.email);
    expect(checked).toHaveLength(ACCOUNT_TOTAL);

    if (!target.redis) return;
    // The window passing, without waiting its 15 minutes: the account's total is gone (the user
    // signs in from a network of their own).
    const redis = new Redis(REDIS_URL);
    await redis.del(`cashier:rl:consoleLoginFailureAccountTotal:${hashToken(spread.email)}`);
    await redis.quit();
    const context = await browser.newContext({
      baseURL: gateway.url,
      locale: "pt-BR",
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { "x-forwarded-for": freshIp() },
    });
    const page = await context.newPage();
    await logInToConsole(page, spread);
    const addressCount = new Set(checked).size;
    await expect(page.getByTestId("throttle-notice")).toContainText(
      new RegExp(
        `^Entradas na sua conta foram bloqueadas depois de muitas tentativas erradas em \\d\\d/\\d\\d/\\d{4},? \\d\\d:\\d\\d, vindas de ${addressCount} endereços\\. Se não foi você, peça a um operador para trocar sua senha\\.$`,
      ),
    );
    await keepScreenshot(page, testInfo, "throttle-notice");
    await context.close();
  });
}
