// Production mode: a callback URL that is plain http, carries credentials, is too long or names an
// address that is not public is refused when it is saved (console, merchant creation, the CLI),
// with the field and a coarse reason, and nothing is written. A URL saved before these checks, or
// a name that resolves to a private address only later, is refused again on every attempt and
// never contacted; the merchant is told "address not allowed" or "no answer", never which of
// ENOTFOUND, a private address, a refused connection or a timeout it was: that stays in the log.
// Private targets on other networks are observed through a stand-in transport, so a broken guard
// still sends nothing off this machine.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

process.env.CASHIER_ENV = "production";
process.env.PUBLIC_BASE_URL = "https://cashier.example";
process.env.PIX_KEY = "123e4567-e12b-12d1-a456-426655440000";
process.env.CALLBACK_RETRY_SCHEDULE = "0,0";
delete process.env.CALLBACK_ALLOW_PRIVATE;

const { getDb } = await import("@/lib/db/client");
const { listCallbackAttempts } = await import("@/lib/db/callback-events");
const { findMerchant, updateMerchantSettings } = await import("@/lib/db/merchants");
const { deliverDueCallbacks } = await import("@/lib/callbacks/deliver-due-callbacks");
const { changeMerchantSettings } = await import("@/lib/merchants/change-merchant-settings");
const { log } = await import("@/lib/log/logger");
const { newId } = await import("@/lib/ids/new-id");
const { POST: testCallback } = await import("@/app/api/callbacks/test/route");
const { POST: events } = await import("@/app/api/events/route");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { completePayoutWithCallback } = await import("../support/outbox");
const { runTool } = await import("../support/run-tool");
type CallbackTransport = import("@/lib/callbacks/attempt-callback").CallbackTransport;
type Actor = import("@/lib/access/actor").Actor;
type PostOutcome = import("@/lib/callbacks/post-callback").PostOutcome;

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiverV4: Receiver;
let receiverV6: Receiver;

const ADDRESS_NOT_ALLOWED = "address not allowed: the callback URL must use https and lead to a public server";
const NO_ANSWER = "no answer: the callback URL's server could not be reached or did not answer in time";

beforeAll(async () => {
  receiverV4 = await startReceiver({ host: "127.0.0.1" });
  receiverV6 = await startReceiver({ host: "::1" });
});

afterAll(async () => {
  await receiverV4.close();
  await receiverV6.close();
});

const longUrl = `https://shop.example/callbacks?pad=${"a".repeat(2049 - "https://shop.example/callbacks?pad=".length)}`;

/** Every hostile form, and the reason its refusal gives: the URL's own text, nothing the network said. */
const hostile: [string, string][] = [
  ["http://shop.example/callbacks", "must use https"],
  ["https://169.254.169.254/latest/meta-data", "is not an allowed address (linkLocal): only public servers"],
  ["https://10.0.0.1/callbacks", "is not an allowed address (private): only public servers"],
  ["https://127.0.0.1/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://127.8.9.10/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://localhost/callbacks", "is not an allowed address (a local name): only public servers"],
  ["https://[::1]/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://[::127.0.0.1]/callbacks", "is not an allowed address (ipv4Compatible): only public servers"],
  ["https://[::ffff:127.0.0.1]/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://[::ffff:10.0.0.1]/callbacks", "is not an allowed address (private): only public servers"],
  ["https://0x7f000001/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://2130706433/callbacks", "is not an allowed address (loopback): only public servers"],
  ["https://017700000001/callbacks", "is not an allowed address (loopback): only public servers"],
  [longUrl, "must be at most 2048 characters"],
  ["https://u:p@shop.example/callbacks", "must not carry a user name or password"],
];
/** The cases as the tests name them: the long URL by its length. */
const hostileCases = hostile.map(([url, reason]) => [url === longUrl ? "a 2,049-character URL" : url, url, reason]);
const refusedAs = (reason: string) =>
  expect.objectContaining({
    name: "ZodError",
    issues: [expect.objectContaining({ path: ["callbackUrl"], message: reason })],
  });

describe("saving a callback URL in production", () => {
  let shop: Awaited<ReturnType<typeof createTestMerchant>>;
  let admin: Actor;

  beforeAll(async () => {
    shop = await createTestMerchant({ name: "Loja Segura", callbackUrl: "https://loja.example/callbacks" });
    admin = {
      userId: newId("usr"),
      email: "admin@loja.example",
      role: "merchant-admin",
      merchantId: shop.merchantId,
      sessionId: newId("ses"),
      ip: "203.0.113.7",
    };
  });

  it.each(hostileCases)(
    "a merchant admin saving %s is refused: %s; nothing saved, no audit row",
    async (_label, url, reason) => {
      const audits = await getDb().auditEvent.count();
      await expect(changeMerchantSettings(admin, shop.merchantId, { callbackUrl: url })).rejects.toEqual(
        refusedAs(reason),
      );
      expect((await findMerchant(getDb(), shop.merchantId))?.callbackUrl).toBe("https://loja.example/callbacks");
      expect(await getDb().auditEvent.count()).toBe(audits);
    },
  );

  it.each(hostileCases)(
    "a merchant created with %s is refused: %s; no merchant written",
    async (_label, url, reason) => {
      const merchants = await getDb().merchant.count();
      await expect(createTestMerchant({ name: "Loja Hostil", callbackUrl: url })).rejects.toEqual(refusedAs(reason));
      expect(await getDb().merchant.count()).toBe(merchants);
    },
  );

  it("the CLI refuses a hostile URL with the field and the reason, and changes nothing", async () => {
    const updated = await runTool("cashier", [
      "merchant",
      "update",
      shop.merchantId,
      "--callback-url",
      "https://[::127.0.0.1]/cb",
    ]);
    expect(updated.code).toBe(1);
    expect(updated.stderr).toMatch(/callbackUrl: is not an allowed address \(ipv4Compatible\): only public servers/);
    const created = await runTool("cashier", ["merchant", "create", "--name", "Longa", "--callback-url", longUrl]);
    expect(created.code).toBe(1);
    expect(created.stderr).toMatch(/callbackUrl: must be at most 2048 characters/);
    expect((await findMerchant(getDb(), shop.merchantId))?.callbackUrl).toBe("https://loja.example/callbacks");
  });

  it("takes a public https URL", async () => {
    await changeMerchantSettings(admin, shop.merchantId, { callbackUrl: "https://api.loja.example/callbacks" });
    expect((await findMerchant(getDb(), shop.merchantId))?.callbackUrl).toBe("https://api.loja.example/callbacks");
  });
});

/** Resolves the test's names to chosen addresses and records every POST instead of sending it. */
function standIn(addresses: Record<string, string>, answer?: PostOutcome) {
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
      return answer ?? { httpStatus: 500, errorCode: null, error: null, latencyMs: 1, responseExcerpt: "" };
    },
  };
  return { transport, posted };
}

/** A merchant whose URL was stored before the save-time checks: written past them, as an old row. */
async function merchantSavedBefore(callbackUrl: string) {
  const merchant = await createTestMerchant();
  await updateMerchantSettings(getDb(), merchant.merchantId, { callbackUrl });
  return merchant;
}

async function firstAttemptFor(callbackUrl: string, transport?: CallbackTransport) {
  const merchant = await merchantSavedBefore(callbackUrl);
  const { eventId } = await completePayoutWithCallback(merchant.merchantId);
  await deliverDueCallbacks({ owner: "ssrf-test", transport });
  const [attempt] = await listCallbackAttempts(getDb(), eventId);
  return { attempt, merchant };
}

/** The detail the log kept for the merchant's undelivered callbacks. */
function loggedDetails(warn: { mock: { calls: unknown[][] } }, merchantId: string): unknown[] {
  return warn.mock.calls
    .map(([message, fields]) => ({ message, ...(fields as { merchantId: string; detail: unknown }) }))
    .filter((line) => line.message === "callback not delivered" && line.merchantId === merchantId)
    .map((line) => line.detail);
}

describe("sending in production", () => {
  it("never contacts a receiver on 127.0.0.1 saved before the checks; the log says why, the attempt says no more than 'address not allowed'", async () => {
    const warn = vi.spyOn(log, "warn");
    const { attempt, merchant } = await firstAttemptFor(`https://127.0.0.1:${receiverV4.port}/callbacks`);
    expect(attempt).toMatchObject({ httpStatus: null, isSuccess: false, errorCode: "address_not_public" });
    expect(attempt.error).toBe(ADDRESS_NOT_ALLOWED);
    expect(loggedDetails(warn, merchant.merchantId)).toEqual([
      "callback URL is not an allowed address (loopback): only public servers",
    ]);
    expect(receiverV4.connections).toBe(0);
    warn.mockRestore();
  });

  it.each([
    ["[::1]", () => receiverV6.port],
    ["[::127.0.0.1]", () => receiverV4.port],
    ["[::ffff:127.0.0.1]", () => receiverV4.port],
  ])("never contacts a receiver at %s", async (host, port) => {
    const { attempt } = await firstAttemptFor(`https://${host}:${port()}/callbacks`);
    expect(attempt).toMatchObject({ errorCode: "address_not_public", error: ADDRESS_NOT_ALLOWED });
    expect(receiverV6.connections).toBe(0);
    expect(receiverV4.connections).toBe(0);
  });

  it.each(["https://10.0.0.1/callbacks", "https://169.254.169.254/latest/meta-data"])(
    "never contacts %s",
    async (url) => {
      const { transport, posted } = standIn({});
      const { attempt } = await firstAttemptFor(url, transport);
      expect(attempt.error).toBe(ADDRESS_NOT_ALLOWED);
      expect(posted).toEqual([]);
    },
  );

  it.each([
    ["intranet.test", "10.0.0.1", "private"],
    ["metadata.test", "169.254.169.254", "linkLocal"],
    ["localhost.test", "127.0.0.1", "loopback"],
    ["v6.test", "::1", "loopback"],
    ["compat.test", "::7f00:1", "ipv4Compatible"],
  ])("never contacts a name that resolves to a private address (%s → %s)", async (host, address, range) => {
    const warn = vi.spyOn(log, "warn");
    const { transport, posted } = standIn({ [host]: address });
    const { attempt, merchant } = await firstAttemptFor(`https://${host}/callbacks`, transport);
    expect(attempt.error).toBe(ADDRESS_NOT_ALLOWED);
    expect(loggedDetails(warn, merchant.merchantId)).toEqual([
      `refused: ${host} resolves to ${address} (${range}), not a public address`,
    ]);
    expect(posted).toEqual([]);
    warn.mockRestore();
  });

  it("says a name that does not resolve as it says one that resolves to a private address, in the attempt and in POST /api/events", async () => {
    const { transport } = standIn({ "inside.test": "10.0.0.1" });
    const unresolved = await firstAttemptFor("https://nowhere.test/callbacks", transport);
    const inside = await firstAttemptFor("https://inside.test/callbacks", transport);
    expect(unresolved.attempt.errorCode).toBe("host_unresolved");
    expect(inside.attempt.errorCode).toBe("address_not_public");
    const said = [];
    for (const { merchant } of [unresolved, inside]) {
      const { data } = await readSigned(await postSigned(events, merchant, {}), merchant);
      const [event] = data.events as { attempts: { error: string }[] }[];
      said.push(event.attempts[0].error);
    }
    expect(said).toEqual([ADDRESS_NOT_ALLOWED, ADDRESS_NOT_ALLOWED]);
  });

  it("says a refused connection, a failed TLS handshake and a timeout alike", async () => {
    const failures: PostOutcome[] = [
      {
        httpStatus: null,
        errorCode: "connection_failed",
        error: "ECONNREFUSED: connect ECONNREFUSED",
        latencyMs: 1,
        responseExcerpt: null,
      },
      {
        httpStatus: null,
        errorCode: "connection_failed",
        error: "EPROTO: wrong version number",
        latencyMs: 1,
        responseExcerpt: null,
      },
      {
        httpStatus: null,
        errorCode: "timeout",
        error: "no answer within 10000 ms",
        latencyMs: 1,
        responseExcerpt: null,
      },
    ];
    const said = [];
    for (const failure of failures) {
      const { transport } = standIn({ "public.test": "8.8.8.8" }, failure);
      said.push((await firstAttemptFor("https://public.test/callbacks", transport)).attempt.error);
    }
    expect(said).toEqual([NO_ANSWER, NO_ANSWER, NO_ANSWER]);
  });

  it("answers the test callback with the same coarse reason for a literal private address and a name that does not resolve", async () => {
    const answers = [];
    for (const url of [`https://127.0.0.1:${receiverV4.port}/callbacks`, "https://nowhere.invalid/callbacks"]) {
      const merchant = await merchantSavedBefore(url);
      const { data } = await readSigned(await postSigned(testCallback, merchant, {}), merchant);
      answers.push(data);
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ http_status: null, delivered: false, error: ADDRESS_NOT_ALLOWED });
    }
    expect(receiverV4.connections).toBe(0);
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
    expect(attempts.map((a) => [a.errorCode, a.error])).toEqual([
      [null, null],
      ["address_not_public", ADDRESS_NOT_ALLOWED],
    ]);
  });

  it("refuses plain http saved before the checks", async () => {
    const { transport, posted } = standIn({ "plain.test": "8.8.8.8" });
    const { attempt } = await firstAttemptFor("http://plain.test/callbacks", transport);
    expect(attempt).toMatchObject({ errorCode: "scheme_not_allowed", error: ADDRESS_NOT_ALLOWED });
    expect(posted).toEqual([]);
  });
});
