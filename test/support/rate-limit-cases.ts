// The rate-limit cases, run once with counters in memory and once in Redis (rate-limits*.test.ts).
// Clients are told apart by the address npm start's server resolves (CLIENT_IP_HEADER).
import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { POST as status } from "@/app/api/status/route";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { cliAuditActor } from "@/lib/audit/cli-audit-actor";
import { getDb } from "@/lib/db/client";
import { changeMerchantRateLimit } from "@/lib/merchants/change-merchant-rate-limit";
import { createApiKey } from "@/lib/merchants/create-api-key";
import { listMerchants } from "@/lib/merchants/list-merchants";
import { createTestMerchant, readProblem, readSigned, type TestMerchant } from "./api";
import { checkAnswer } from "./documented-schemas";

const randomIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function send(jwt: string, ip: string): Promise<Response> {
  const response = await status(
    new Request("http://localhost/api/status", {
      method: "POST",
      body: JSON.stringify({ jwt }),
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip },
    }),
  );
  await checkAnswer("/api/status", response);
  return response;
}

const signedStatus = (merchant: TestMerchant) =>
  signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: { id: "dep_unknown" } });

/** `count` status reads, one after another, each signed with the key `merchantOf(i)` names. */
async function sendMany(count: number, merchantOf: (i: number) => TestMerchant, ip: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await send(await signedStatus(merchantOf(i)), ip)).status);
  return codes;
}

export function rateLimitCases(): void {
  // The calling file set these for itself; the worker runs other files after it, which count in
  // their own process with the default budgets.
  afterAll(() => {
    delete process.env.REDIS_URL;
    delete process.env.RATE_LIMIT_REQUESTS;
    delete process.env.REDIS_TIMEOUT_MS;
  });

  it("300 bad signatures from one address: 429 with Retry-After past 100 a minute; another key's honest traffic never meets one", async () => {
    const victim = await createTestMerchant({ name: "Alvo" });
    const honest = await createTestMerchant({ name: "Honesta" });
    const attacker = randomIp();
    const honestIp = randomIp();
    const forged = await signRequestToken({ keyId: victim.keyId, secret: "not-the-secret", data: { id: "dep_x" } });
    const statuses: number[] = [];
    const honestStatuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      statuses.push((await send(forged, attacker)).status);
      if (i % 10 === 0) {
        honestStatuses.push(
          (
            await send(
              await signRequestToken({ keyId: honest.keyId, secret: honest.secret, data: { id: "dep_unknown" } }),
              honestIp,
            )
          ).status,
        );
      }
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    // The honest merchant's unknown deposit: a signed 404, never a 429.
    expect(new Set(honestStatuses)).toEqual(new Set([404]));

    const refused = await send(forged, attacker);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await readProblem(refused)).toMatchObject({
      code: "rate_limited",
      detail: expect.stringMatching(/failed tokens from this address/),
    });
  });

  it("failures naming one key from many addresses: 429 for failures past the budget, while the key's own valid requests pass", async () => {
    const victim = await createTestMerchant({ name: "Alvo distribuído" });
    const forged = await signRequestToken({ keyId: victim.keyId, secret: "not-the-secret", data: { id: "dep_x" } });
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) statuses.push((await send(forged, randomIp())).status);
    // Compared whole, so a failure shows what each request got.
    expect(statuses).toEqual([...Array<number>(100).fill(401), ...Array<number>(10).fill(429)]);
    const valid = await send(
      await signRequestToken({ keyId: victim.keyId, secret: victim.secret, data: { id: "dep_unknown" } }),
      randomIp(),
    );
    expect(valid.status).toBe(404);
  });

  it("bad signatures from 150 IPv6 addresses of one /64, each naming its own key: 429 past 100, as from one address", async () => {
    const prefix = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const forged = await signRequestToken({
        keyId: `mk_test_${randomBytes(8).toString("hex")}`,
        secret: "not-the-secret",
        data: { id: "dep_x" },
      });
      statuses.push((await send(forged, `${prefix}:${randomBytes(2).toString("hex")}::${i + 1}`)).status);
    }
    expect(statuses).toEqual([...Array<number>(100).fill(401), ...Array<number>(50).fill(429)]);
  });

  it("valid requests past the merchant's budget, its two keys together: a signed 429 envelope with Retry-After", async () => {
    const busy = await createTestMerchant({ name: "Movimentada" });
    const second = { ...busy, ...(await createApiKey({ merchantId: busy.merchantId })) };
    const ip = randomIp();
    // RATE_LIMIT_REQUESTS is 50 in these files: 26 with each key, then one more with each.
    const codes = await sendMany(52, (i) => (i % 2 === 0 ? busy : second), ip);
    expect(codes.slice(0, 50).every((c) => c === 404)).toBe(true);
    expect(codes.slice(50)).toEqual([429, 429]);
    const response = await send(await signedStatus(second), ip);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const { data } = await readSigned(response, second);
    expect(data.error).toMatchObject({
      type: "rate_limited",
      detail: expect.stringMatching(
        new RegExp(
          `^more than 50 requests a minute for merchant ${busy.merchantId}, all its keys together; retry after \\d+ s$`,
        ),
      ),
    });
  });

  it("a merchant's own budget (merchant update --rate-limit): refused past 5, while another merchant keeps the default; default again gives back 50", async () => {
    const small = await createTestMerchant({ name: "Limitada" });
    const other = await createTestMerchant({ name: "Vizinha" });
    expect(await changeMerchantRateLimit(small.merchantId, "5", cliAuditActor())).toEqual({
      merchantId: small.merchantId,
      requestsPerMinute: 5,
      requestBudget: "merchant",
    });
    const ip = randomIp();
    expect(await sendMany(7, () => small, ip)).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const { data } = await readSigned(await send(await signedStatus(small), ip), small);
    expect(data.error).toMatchObject({ detail: expect.stringMatching(/^more than 5 requests a minute for merchant /) });
    expect(new Set(await sendMany(20, () => other, ip))).toEqual(new Set([404]));

    // Raised back to the default within the minute: the 8 counted so far leave 42.
    expect(await changeMerchantRateLimit(small.merchantId, "default", cliAuditActor())).toMatchObject({
      requestsPerMinute: 50,
      requestBudget: "default",
    });
    const codes = await sendMany(43, () => small, ip);
    expect(codes.slice(0, 42).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const audited = await getDb().auditEvent.findMany({
      where: { action: "merchant.rate_limit_changed", targetId: small.merchantId },
      orderBy: { createdAt: "asc" },
    });
    expect(audited.map((event) => event.detail)).toEqual([
      { requests_per_minute: { from: null, to: 5 } },
      { requests_per_minute: { from: 5, to: null } },
    ]);
  });

  it("--rate-limit refuses what is not a budget, naming the flag and the reason, and changes nothing", async () => {
    const merchant = await createTestMerchant({ name: "Intacta" });
    for (const [given, reason] of [
      ["0", "must be at least 1 request a minute"],
      ["1.5", 'must be a whole number of requests a minute, or "default"'],
      ["lots", 'must be a whole number of requests a minute, or "default"'],
      ["0x10", 'must be a whole number of requests a minute, or "default"'],
      ["1e3", 'must be a whole number of requests a minute, or "default"'],
      ["", 'must be a whole number of requests a minute, or "default"'],
      ["5\u0000", 'must be a whole number of requests a minute, or "default"'],
      ["1000001", "must be at most 1000000 requests a minute"],
    ])
      await expect(changeMerchantRateLimit(merchant.merchantId, given, cliAuditActor())).rejects.toMatchObject({
        code: "invalid_argument",
        message: `--rate-limit: ${reason}`,
      });
    await expect(changeMerchantRateLimit("mer_none", "10", cliAuditActor())).rejects.toMatchObject({
      code: "not_found",
    });
    const listed = (await listMerchants()).find((entry) => entry.merchantId === merchant.merchantId);
    expect(listed).toMatchObject({ requestsPerMinute: 50, requestBudget: "default" });
  });
}
