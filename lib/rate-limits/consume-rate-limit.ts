// Rate limits (issue 11): counters per minute for the whole instance, or in Redis when REDIS_URL is
// set so every gateway instance counts together. Under npm start the instance's counters live in
// its primary process (rate-limiter-flexible's cluster store, lib/rate-limits/count-in-primary), so
// WEB_CONCURRENCY workers never multiply a budget; elsewhere (next dev, tests, the CLI) in the
// process itself. A Redis that is down falls back to the instance's counters, and a primary that
// does not answer to this process's own, rather than refusing traffic or letting everything through.
import cluster from "node:cluster";
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

/**
 *  - tokenFailureIp, tokenFailureKey: requests whose token failed, per client address (key:
 *    addressKeyOf) and per key id;
 *  - page: hosted pages, their server actions and /direct, per client address (addressKeyOf);
 *  - request: verified requests, per key id;
 *  - consoleLoginFailureIp, consoleLoginFailureAccount: console sign-ins per client address (key:
 *    addressKeyOf) and per e-mail typed, over CONSOLE_LOGIN_WINDOW_MINUTES; each attempt spends a
 *    point before it is checked and a success gives it back, so the budgets count failures;
 *  - pspWebhookIp: the PSP webhook's notifications per client address (addressKeyOf);
 *  - pspWebhookPix: queries to the PSP about one notified end-to-end id (one a minute), so a
 *    notification repeated by anyone cannot make the gateway hammer the PSP;
 *  - accessDeniedUser: access.denied audit events per console user (ACCESS_DENIED_AUDITS_PER_HOUR an
 *    hour), so a user probing ids cannot flood the audit log; the server's log has every refusal.
 */
export type RateLimitKind =
  | "tokenFailureIp"
  | "tokenFailureKey"
  | "page"
  | "request"
  | "consoleLoginFailureIp"
  | "consoleLoginFailureAccount"
  | "pspWebhookIp"
  | "pspWebhookPix"
  | "accessDeniedUser";

type Limited = { isLimited: true; retryAfterSeconds: number };
export type RateLimitOutcome = { isLimited: false } | Limited;

const WINDOW_SECONDS = 60;
export const ACCESS_DENIED_AUDITS_PER_HOUR = 20;

/** How long a worker waits for its primary's count before it counts alone. */
const PRIMARY_TIMEOUT_MS = 1000;

/** The counters a kind is spent from, and this process's own for when those cannot answer. */
type Limiter = { shared: RateLimiterAbstract; local: RateLimiterMemory };
type Limiters = { byKind: Record<RateLimitKind, Limiter>; ready: Promise<void> };

let limiters: Limiters | undefined;

function buildLimiters(): Limiters {
  const config = getConfig();
  const points: Record<RateLimitKind, number> = {
    tokenFailureIp: config.rateLimits.tokenFailures,
    tokenFailureKey: config.rateLimits.tokenFailures,
    page: config.rateLimits.pages,
    request: config.rateLimits.requests,
    consoleLoginFailureIp: config.console.loginFailures,
    consoleLoginFailureAccount: config.console.accountLoginFailures,
    pspWebhookIp: config.rateLimits.pspWebhook,
    pspWebhookPix: 1,
    accessDeniedUser: ACCESS_DENIED_AUDITS_PER_HOUR,
  };
  const durations: Partial<Record<RateLimitKind, number>> = {
    consoleLoginFailureIp: config.console.loginWindowSeconds,
    consoleLoginFailureAccount: config.console.loginWindowSeconds,
    accessDeniedUser: 3600,
  };
  let redis: Redis | null = null;
  let ready = Promise.resolve();
  if (config.redisUrl) {
    // No offline queue: a counter that waits for Redis would hold the request; the fallback answers.
    const client = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 1000,
    });
    client.on("error", (error: Error) =>
      log.warn("rate limit store unavailable; counting in this process", { error: error.message }),
    );
    // The first requests wait (at most a second) for the connection, so that they count where
    // every instance counts rather than in the fallback.
    ready = client.connect().catch(() => undefined);
    redis = client;
  }
  const build = (kind: RateLimitKind): Limiter => {
    const options = {
      points: points[kind],
      duration: durations[kind] ?? WINDOW_SECONDS,
      keyPrefix: `cashier:rl:${kind}`,
    };
    const local = new RateLimiterMemory(options);
    const instance = cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: PRIMARY_TIMEOUT_MS }) : local;
    const shared = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: instance })
      : instance;
    return { shared, local };
  };
  return {
    byKind: {
      tokenFailureIp: build("tokenFailureIp"),
      tokenFailureKey: build("tokenFailureKey"),
      page: build("page"),
      request: build("request"),
      consoleLoginFailureIp: build("consoleLoginFailureIp"),
      consoleLoginFailureAccount: build("consoleLoginFailureAccount"),
      pspWebhookIp: build("pspWebhookIp"),
      pspWebhookPix: build("pspWebhookPix"),
      accessDeniedUser: build("accessDeniedUser"),
    },
    ready,
  };
}

async function limiter(kind: RateLimitKind): Promise<Limiter> {
  limiters ??= buildLimiters();
  await limiters.ready;
  return limiters.byKind[kind];
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

/** Runs `spend` on the shared counters, or on this process's own when those cannot answer. */
async function spendFrom<T>(kind: RateLimitKind, spend: (store: RateLimiterAbstract) => Promise<T>): Promise<T> {
  const { shared, local } = await limiter(kind);
  try {
    return await spend(shared);
  } catch (error) {
    if (isLimitResult(error) || shared === local) throw error;
    log.warn("rate limit counters unavailable; counting in this process", {
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return spend(local);
  }
}

const limited = (res: RateLimiterRes): Limited => ({
  isLimited: true,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/** Counts one request against the key; limited once the minute's budget is spent. */
export async function consumeRateLimit(
  kind: RateLimitKind,
  key: string,
): Promise<{ isLimited: false; remainingPoints: number } | Limited> {
  try {
    const counted = await spendFrom(kind, (store) => store.consume(key));
    return { isLimited: false, remainingPoints: counted.remainingPoints };
  } catch (error) {
    if (isLimitResult(error)) return limited(error);
    throw error;
  }
}

/** Gives back one point a request spent: what turned out not to be a failure. */
export async function giveBackRateLimit(kind: RateLimitKind, key: string): Promise<void> {
  await spendFrom(kind, (store) => store.reward(key));
}

/** Whether the key's budget is already spent, without counting this request. */
export async function checkRateLimit(kind: RateLimitKind, key: string): Promise<RateLimitOutcome> {
  const store = (await limiter(kind)).shared;
  // A store that cannot answer a look does not refuse anyone: the counting call has its fallback.
  const current = await store.get(key).catch(() => null);
  return current && current.consumedPoints >= store.points ? limited(current) : { isLimited: false };
}
