// Production mode: callback URLs that resolve to loopback, private, link-local or metadata
// addresses are refused on every attempt and never contacted. Private targets on other networks
// are observed through a stand-in transport, so a broken guard still sends nothing off this machine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CASHIER_ENV = "production";
process.env.PUBLIC_BASE_URL = "https://cashier.example";
process.env.PIX_KEY = "123e4567-e12b-12d1-a456-426655440000";
process.env.CALLBACK_RETRY_SCHEDULE = "0,0";
delete process.env.CALLBACK_ALLOW_PRIVATE;

const { getDb } = await import("@/lib/db/client");
const { listCallbackAttempts } = await import("@/lib/db/callback-events");
const { deliverDueCallbacks } = await import("@/lib/callbacks/deliver-due-callbacks");
const { createTestMerchant } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { completePayoutWithCallback } = await import("../support/outbox");
type CallbackTransport = import("@/lib/callbacks/attempt-callback").CallbackTransport;

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiverV4: Receiver;
let receiverV6: Receiver;

beforeAll(async () => {
  receiverV4 = await startReceiver({ host: "127.0.0.1" });
  receiverV6 = await startReceiver({ host: "::1" });
});

afterAll(async () => {
  await receiverV4.close();
  await receiverV6.close();
});

/** Resolves the test's names to chosen addresses and records every POST instead of sending it. */
function standIn(addresses: Record<string, string>) {
  const posted: string[] = [];
  const transport: CallbackTransport = {
    // Names this stand-in was not given (other tests' leftover events) do not resolve.
    resolve: async (hostname) => {
      const address = addresses[hostname];
      if (!address) throw Object.assign(new Error(`unknown ${hostname}`), { code: "ENOTFOUND" });
      return [{ address, family: address.includes(":") ? 6 : 4 }];
    },
    post: async (target) => {
      posted.push(target.address);
      return { httpStatus: 500, errorCode: null, error: null, latencyMs: 1, responseExcerpt: "" };
    },
  };
  return { transport, posted };
}

async function firstAttemptFor(callbackUrl: string, transport?: CallbackTransport) {
  const merchant = await createTestMerchant({ callbackUrl });
  const { eventId } = await completePayoutWithCallback(merchant.merchantId);
  await deliverDueCallbacks({ owner: "ssrf-test", transport });
  const [attempt] = await listCallbackAttempts(getDb(), eventId);
  return attempt;
}

describe("in production", () => {
  it("never contacts a receiver on 127.0.0.1", async () => {
    const attempt = await firstAttemptFor(`https://127.0.0.1:${receiverV4.port}/callbacks`);
    expect(attempt).toMatchObject({ httpStatus: null, isSuccess: false });
    expect(attempt.error).toBe("refused: 127.0.0.1 resolves to 127.0.0.1 (loopback), not a public address");
    expect(attempt.errorCode).toBe("address_not_public");
    expect(receiverV4.connections).toBe(0);
  });

  it("never contacts a receiver on [::1]", async () => {
    const attempt = await firstAttemptFor(`https://[::1]:${receiverV6.port}/callbacks`);
    expect(attempt.error).toBe("refused: ::1 resolves to ::1 (loopback), not a public address");
    expect(receiverV6.connections).toBe(0);
  });

  it.each([
    ["https://10.0.0.1/callbacks", "10.0.0.1 (private)"],
    ["https://169.254.169.254/latest/meta-data", "169.254.169.254 (linkLocal)"],
  ])("never contacts %s", async (url, said) => {
    const { transport, posted } = standIn({});
    const attempt = await firstAttemptFor(url, transport);
    expect(attempt.error).toContain(`resolves to ${said}`);
    expect(posted).toEqual([]);
  });

  it.each([
    ["intranet.test", "10.0.0.1", "private"],
    ["metadata.test", "169.254.169.254", "linkLocal"],
    ["localhost.test", "127.0.0.1", "loopback"],
    ["v6.test", "::1", "loopback"],
  ])("never contacts a name that resolves to a private address (%s → %s)", async (host, address, range) => {
    const { transport, posted } = standIn({ [host]: address });
    const attempt = await firstAttemptFor(`https://${host}/callbacks`, transport);
    expect(attempt.error).toBe(`refused: ${host} resolves to ${address} (${range}), not a public address`);
    expect(posted).toEqual([]);
  });

  it("checks again on every attempt: a name that turns private is refused on the retry", async () => {
    const addresses = { "shop.test": "8.8.8.8" };
    const { transport, posted } = standIn(addresses);
    const merchant = await createTestMerchant({ callbackUrl: "https://shop.test/callbacks" });
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    await deliverDueCallbacks({ owner: "ssrf-test", transport });
    addresses["shop.test"] = "10.0.0.1";
    await deliverDueCallbacks({ owner: "ssrf-test", transport });
    expect(posted).toEqual(["8.8.8.8"]);
    const attempts = await listCallbackAttempts(getDb(), eventId);
    expect(attempts.map((a) => a.error)).toEqual([
      null,
      "refused: shop.test resolves to 10.0.0.1 (private), not a public address",
    ]);
  });

  it("refuses plain http", async () => {
    const { transport, posted } = standIn({ "plain.test": "8.8.8.8" });
    const attempt = await firstAttemptFor("http://plain.test/callbacks", transport);
    expect(attempt.error).toBe("callback URL must use https");
    expect(posted).toEqual([]);
  });
});
