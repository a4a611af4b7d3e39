// A Redis that hangs (accepts the connection and the bytes, answers nothing), through a proxy the
// test stalls in front of the machine's Redis: a merchant's requests are each answered, within
// REDIS_TIMEOUT_MS of their normal time, and their budget still counts, in the instance's own
// counters; once Redis answers again the counting goes back to it. Readiness says where the
// process counts and how many decisions it counted in the fallback.
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as ready } from "@/app/api/health/ready/route";
import { POST as status } from "@/app/api/status/route";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { type TestMerchant, createTestMerchant } from "../support/api";

const { proxy, redisTarget } = await vi.hoisted(async () => {
  const { startStallingProxy: start } = await import("../support/stalling-proxy");
  const target = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  const started = await start({ host: target.hostname, port: Number(target.port || 6379) });
  process.env.REDIS_URL = `redis://127.0.0.1:${started.port}`;
  process.env.REDIS_TIMEOUT_MS = "50";
  process.env.RATE_LIMIT_REQUESTS = "20";
  return { proxy: started, redisTarget: target.href };
});

const redis = new Redis(redisTarget, { lazyConnect: true });

afterAll(async () => {
  // The worker runs other files after this one, which count in their own process.
  delete process.env.REDIS_URL;
  delete process.env.REDIS_TIMEOUT_MS;
  delete process.env.RATE_LIMIT_REQUESTS;
  redis.disconnect();
  await proxy.close();
});

async function send(merchant: TestMerchant): Promise<Response> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { id: "dep_none" } });
  return status(
    new Request("http://localhost/api/status", {
      method: "POST",
      body: JSON.stringify({ jwt }),
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: "198.51.100.7" },
    }),
  );
}

/** The merchant's count of requests this minute as Redis holds it; null when Redis has none. */
async function countedInRedis(merchant: TestMerchant): Promise<number | null> {
  const value = await redis.get(`cashier:rl:request:${merchant.merchantId}`);
  return value === null ? null : Number(value);
}

/** Readiness's report of the rate limits' store. */
async function rateLimitsReport(): Promise<{ store: string; countingIn: string | null; fallbacks: number }> {
  const response = await ready();
  return ((await response.json()) as { checks: { rateLimits: never } }).checks.rateLimits;
}

/** Sends requests until Redis counts them (the gateway's client may still be connecting). */
async function sendUntilCountedInRedis(merchant: TestMerchant): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 15 && (await countedInRedis(merchant)) === null; i++) {
    statuses.push((await send(merchant)).status);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return statuses;
}

describe("rate limits through a Redis that hangs", () => {
  it("counts in Redis while it answers", async () => {
    const merchant = await createTestMerchant({ name: "Antes" });
    const statuses = await sendUntilCountedInRedis(merchant);
    expect(await countedInRedis(merchant)).toBeGreaterThan(0);
    expect(statuses.every((code) => code < 500 && code !== 429)).toBe(true);
    expect(await rateLimitsReport()).toMatchObject({ store: "redis" });
  });

  it("answers every request while Redis hangs, and still refuses the request past the budget", async () => {
    const merchant = await createTestMerchant({ name: "Durante" });
    const before = (await rateLimitsReport()).fallbacks;
    proxy.stall();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await send(merchant)).status);
    expect(statuses.filter((code) => code === 429 || code >= 500)).toEqual([]);
    const past = await send(merchant);
    expect(past.status).toBe(429);
    expect(Number(past.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countedInRedis(merchant)).toBeNull();
    // Each request was counted in the fallback at least once (its key's budget; a failed token more).
    const during = await rateLimitsReport();
    expect(during).toMatchObject({ store: "redis", countingIn: "process" });
    expect(during.fallbacks - before).toBeGreaterThanOrEqual(21);
  });

  it("counts in Redis again once it answers", async () => {
    proxy.resume();
    const merchant = await createTestMerchant({ name: "Depois" });
    const statuses = await sendUntilCountedInRedis(merchant);
    expect(await countedInRedis(merchant)).toBeGreaterThan(0);
    expect(statuses.every((code) => code < 500 && code !== 429)).toBe(true);
    expect(await rateLimitsReport()).toMatchObject({ store: "redis" });
  });
});
