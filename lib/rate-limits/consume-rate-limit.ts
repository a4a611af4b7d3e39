// Rate limits (issue 11): counters per minute for the whole instance, or in Redis when REDIS_URL is
// set so every gateway instance counts together. Under npm start the instance's counters live in
// its primary process (rate-limiter-flexible's cluster store, lib/rate-limits/count-in-primary), so
// WEB_CONCURRENCY workers never multiply a budget; elsewhere (next dev, tests, the CLI) in the
// process itself. A Redis that is down, or hangs past REDIS_TIMEOUT_MS, falls back to the
// instance's counters, and a primary that does not answer to this process's own, rather than
// refusing traffic, holding it, or letting everything through; each fallback is logged once when
// it starts and once when the store answers again, not once per request, and counted
// (readRateLimitStore, in GET /api/health/ready's answer).
import cluster from "node:cluster";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { getConfig } from "../config/config";
import { log } from "../log/logger";
import { outsideRequest } from "../log/request-context";
import { metrics } from "../metrics/metrics";

/**
 *  - tokenFailureIp, tokenFailureKey: requests whose token failed, per client address (key:
 *    addressKeyOf) and per key id;
 *  - page: hosted pages, their server actions and /direct, per client address (addressKeyOf);
 *  - request: verified requests, per merchant id, against the merchant's own budget
 *    (lib/merchants/request-budget), which each consumeRateLimit names;
 *  - consoleLoginFailureIp, consoleLoginFailureAccount, consoleLoginFailureDevice,
 *    consoleLoginFailureAccountTotal: console sign-ins per client address (key: addressKeyOf), per
 *    e-mail typed and network (networkKeyOf) or known device, and per e-mail typed, over
 *    CONSOLE_LOGIN_WINDOW_MINUTES (lib/users/spend-sign-in-attempt); each attempt spends a point
 *    before it is checked and a success gives it back, so the budgets count failures;
 *  - pspWebhookIp: the PSP webhook's notifications per client address (addressKeyOf);
 *  - pspWebhookPix: queries to the PSP about one notified end-to-end id (one a minute), so a
 *    notification repeated by anyone cannot make the gateway hammer the PSP;
 *  - accessDeniedUser: access.denied audit events per console user (ACCESS_DENIED_AUDITS_PER_HOUR an
 *    hour), so a user probing ids cannot flood the audit log; the server's log has every refusal;
 *  - callbackSend: test callbacks and resends per merchant id (lib/callbacks/spend-callback-send),
 *    each a POST to a URL of the asker's choosing, at a moment of their choosing;
 *  - sandboxSignupIp: sandbox sign-ups asked for per client address (addressKeyOf),
 *    SANDBOX_SIGNUPS_PER_HOUR an hour (lib/sandbox-signup/request-sandbox-signup): each sends an e-mail;
 *  - passwordResetIp, passwordResetAccount: the console's "forgot password" requests per client
 *    address (addressKeyOf) and per e-mail typed (accountKeyOf), known or not, an hour
 *    (lib/users/request-password-reset): each may send an e-mail to someone's inbox.
 */
export type RateLimitKind =
  | "tokenFailureIp"
  | "tokenFailureKey"
  | "page"
  | "request"
  | "consoleLoginFailureIp"
  | "consoleLoginFailureAccount"
  | "consoleLoginFailureDevice"
  | "consoleLoginFailureAccountTotal"
  | "pspWebhookIp"
  | "pspWebhookPix"
  | "accessDeniedUser"
  | "callbackSend"
  | "sandboxSignupIp"
  | "passwordResetIp"
  | "passwordResetAccount";

type Limited = { isLimited: true; retryAfterSeconds: number };
export type RateLimitOutcome = { isLimited: false } | Limited;

const WINDOW_SECONDS = 60;
export const ACCESS_DENIED_AUDITS_PER_HOUR = 20;
export const SANDBOX_SIGNUPS_PER_HOUR = 10;
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 10;
export const PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR = 3;

/** How long a worker waits for its primary's count before it counts alone. */
const PRIMARY_TIMEOUT_MS = 1000;

/**
 * The counters a kind is spent from, first to last: Redis when set, the instance's (its primary's
 * under npm start) and this process's own, each asked only when the one before cannot answer.
 */
type Store = { name: "redis" | "instance" | "process"; limiter: RateLimiterAbstract };
type Limiters = { byKind: Record<RateLimitKind, Store[]>; ready: Promise<void> };

let limiters: Limiters | undefined;

function buildLimiters(): Limiters {
  const config = getConfig();
  const points: Record<RateLimitKind, number> = {
    tokenFailureIp: config.rateLimits.tokenFailures,
    tokenFailureKey: config.rateLimits.tokenFailures,
    page: config.rateLimits.pages,
    // Each merchant has its own budget, compared by consumeRateLimit: the store only counts.
    request: Number.MAX_SAFE_INTEGER,
    consoleLoginFailureIp: config.console.loginFailures,
    consoleLoginFailureAccount: config.console.accountLoginFailures,
    consoleLoginFailureDevice: config.console.accountLoginFailures,
    consoleLoginFailureAccountTotal: config.console.accountTotalLoginFailures,
    pspWebhookIp: config.rateLimits.pspWebhook,
    pspWebhookPix: 1,
    accessDeniedUser: ACCESS_DENIED_AUDITS_PER_HOUR,
    callbackSend: config.rateLimits.callbackSends,
    sandboxSignupIp: SANDBOX_SIGNUPS_PER_HOUR,
    passwordResetIp: PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
    passwordResetAccount: PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR,
  };
  const durations: Partial<Record<RateLimitKind, number>> = {
    consoleLoginFailureIp: config.console.loginWindowSeconds,
    consoleLoginFailureAccount: config.console.loginWindowSeconds,
    consoleLoginFailureDevice: config.console.loginWindowSeconds,
    consoleLoginFailureAccountTotal: config.console.loginWindowSeconds,
    accessDeniedUser: 3600,
    sandboxSignupIp: 3600,
    passwordResetIp: 3600,
    passwordResetAccount: 3600,
  };
  let redis: Redis | null = null;
  let ready = Promise.resolve();
  if (config.redisUrl) {
    // No offline queue and a deadline on every command: a counter that waits for Redis would
    // hold the request; the fallback answers instead.
    const client = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 1000,
      commandTimeout: config.redisTimeoutMs,
    });
    client.on("error", (error: Error) => reportStore("redis", error));
    // The first requests wait (at most a second) for the connection, so that they count where
    // every instance counts rather than in the fallback; a Redis that accepts the connection and
    // never answers is not waited for longer.
    ready = Promise.race([client.connect().catch(() => undefined), delay(1000, undefined, { ref: false })]);
    redis = client;
  }
  const build = (kind: RateLimitKind): Store[] => {
    const options = {
      points: points[kind],
      duration: durations[kind] ?? WINDOW_SECONDS,
      keyPrefix: `cashier:rl:${kind}`,
    };
    const local = new RateLimiterMemory(options);
    const stores: Store[] = [];
    // Not ready (connecting, or reconnecting after a failure): straight to the fallback, unwaited.
    if (redis)
      stores.push({
        name: "redis",
        limiter: new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true }),
      });
    if (cluster.isWorker)
      stores.push({
        name: "instance",
        limiter: new RateLimiterCluster({ ...options, timeoutMs: PRIMARY_TIMEOUT_MS }),
      });
    stores.push({ name: "process", limiter: local });
    return stores;
  };
  return {
    byKind: {
      tokenFailureIp: build("tokenFailureIp"),
      tokenFailureKey: build("tokenFailureKey"),
      page: build("page"),
      request: build("request"),
      consoleLoginFailureIp: build("consoleLoginFailureIp"),
      consoleLoginFailureAccount: build("consoleLoginFailureAccount"),
      consoleLoginFailureDevice: build("consoleLoginFailureDevice"),
      consoleLoginFailureAccountTotal: build("consoleLoginFailureAccountTotal"),
      pspWebhookIp: build("pspWebhookIp"),
      pspWebhookPix: build("pspWebhookPix"),
      accessDeniedUser: build("accessDeniedUser"),
      callbackSend: build("callbackSend"),
      sandboxSignupIp: build("sandboxSignupIp"),
      passwordResetIp: build("passwordResetIp"),
      passwordResetAccount: build("passwordResetAccount"),
    },
    ready,
  };
}

async function storesOf(kind: RateLimitKind): Promise<Store[]> {
  // Built by whichever request needs a budget first, but the Redis client's events are no request's.
  limiters ??= outsideRequest(buildLimiters);
  await limiters.ready;
  return limiters.byKind[kind];
}

/** The stores that failed last time they were asked, so an outage is logged as it starts and ends. */
const failing = new Set<Store["name"]>();

/**
 * What this process counted where (issue 37): the store its latest decision was counted in, and
 * how many decisions it counted in a fallback because the store before it failed or did not
 * answer, since it started. readRateLimitStore reports them (GET /api/health/ready).
 */
const counted: { lastIn: Store["name"] | null; fallbacks: number } = { lastIn: null, fallbacks: 0 };

function reportStore(name: Store["name"], error: unknown): void {
  if (failing.has(name)) return;
  failing.add(name);
  log.warn("rate limit store unavailable; counting in the next one until it answers", {
    store: name,
    error: error instanceof Error ? error.message : String(error),
  });
}

function reportAnswer(name: Store["name"], index: number): void {
  counted.lastIn = name;
  if (index > 0) {
    counted.fallbacks += 1;
    metrics().rateLimitFallbacks.inc({ store: name });
  }
  if (failing.delete(name)) log.info("rate limit store answers again", { store: name, fallbacks: counted.fallbacks });
}

/**
 * A limit reached, as the store answers it: a result, not an Error. Read by its shape, not by
 * class: the library can be bundled more than once, like the project's own errors.
 */
function isLimitResult(error: unknown): error is RateLimiterRes {
  return (
    typeof error === "object" &&
    error !== null &&
    !(error instanceof Error) &&
    typeof (error as { msBeforeNext?: unknown }).msBeforeNext === "number"
  );
}

/** Runs `spend` on the first store that answers, a limit reached included. */
async function spendFrom<T>(kind: RateLimitKind, spend: (store: RateLimiterAbstract) => Promise<T>): Promise<T> {
  const stores = await storesOf(kind);
  for (const [index, store] of stores.entries()) {
    try {
      const answer = await spend(store.limiter);
      reportAnswer(store.name, index);
      return answer;
    } catch (error) {
      if (isLimitResult(error)) {
        reportAnswer(store.name, index);
        throw error;
      }
      if (index === stores.length - 1) throw error;
      reportStore(store.name, error);
    }
  }
  throw new Error("a rate limit has no store");
}

const limited = (res: RateLimiterRes): Limited => ({
  isLimited: true,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/**
 * Counts one request against the key; limited once the minute's budget is spent: the kind's, or
 * `budget` when the key has one of its own.
 */
export async function consumeRateLimit(
  kind: RateLimitKind,
  key: string,
  budget?: number,
): Promise<{ isLimited: false; remainingPoints: number } | Limited> {
  try {
    const counted = await spendFrom(kind, (store) => store.consume(key));
    if (budget !== undefined && counted.consumedPoints > budget) {
      metrics().rateLimitDecisions.inc({ kind, outcome: "limited" });
      return limited(counted);
    }
    metrics().rateLimitDecisions.inc({ kind, outcome: "allowed" });
    return {
      isLimited: false,
      remainingPoints: budget === undefined ? counted.remainingPoints : budget - counted.consumedPoints,
    };
  } catch (error) {
    if (!isLimitResult(error)) throw error;
    metrics().rateLimitDecisions.inc({ kind, outcome: "limited" });
    return limited(error);
  }
}

/** Gives back one point a request spent: what turned out not to be a failure. */
export async function giveBackRateLimit(kind: RateLimitKind, key: string): Promise<void> {
  await spendFrom(kind, (store) => store.reward(key));
}

/** Whether the key's budget is already spent, without counting this request. */
export async function checkRateLimit(kind: RateLimitKind, key: string): Promise<RateLimitOutcome> {
  const current = await spendFrom(kind, async (store) => {
    const res = await store.get(key);
    return res && { res, points: store.points };
  });
  return current && current.res.consumedPoints >= current.points ? limited(current.res) : { isLimited: false };
}

export type RateLimitStoreReport = {
  /**
   * Where budgets are meant to be counted: "redis" (every instance together), "instance" (npm
   * start's primary, for its workers: each instance alone) or "process" (next dev, the CLI).
   */
  store: Store["name"];
  /** Where this process counted its latest decision (a fallback while the store fails); null before any. */
  countingIn: Store["name"] | null;
  /** Decisions this process counted in a fallback since it started. */
  fallbacks: number;
};

export function readRateLimitStore(): RateLimitStoreReport {
  const store = getConfig().redisUrl ? "redis" : cluster.isWorker ? "instance" : "process";
  return { store, countingIn: counted.lastIn, fallbacks: counted.fallbacks };
}
