// Refusals are visible (issue 25): a console page, export or server action refused to a signed-in
// user (a role that may not, another merchant's id) writes an access.denied audit event and a
// log line, through the console's real pages, routes and actions with the session's cookie; a
// user's refusals past the hour's budget are logged only.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const request = vi.hoisted(() => ({ token: "", ip: "198.51.100.25" }));
// What next.config's experimental.authInterrupts sets in the build, for the 403 page.
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";

vi.mock("next/headers", async () => {
  const { SESSION_COOKIE } = await import("@/lib/console/session-cookie");
  const { CLIENT_IP_HEADER } = await import("@/lib/http/client-ip");
  return {
    cookies: async () => ({
      get: (name: string) => (name === SESSION_COOKIE && request.token ? { value: request.token } : undefined),
    }),
    headers: async () => new Headers({ [CLIENT_IP_HEADER]: request.ip }),
  };
});

const { getDb } = await import("@/lib/db/client");
const { log } = await import("@/lib/log/logger");
const { ACCESS_DENIED_AUDITS_PER_HOUR } = await import("@/lib/rate-limits/consume-rate-limit");
const { POST: pix } = await import("@/app/api/pix/route");
const { revokeKeyAction, createKeyAction } = await import("@/app/console/keys/actions");
const { markPayoutAction } = await import("@/app/console/payouts/actions");
const { revealCustomerAction } = await import("@/app/console/transactions/[id]/actions");
const { default: AuditPage } = await import("@/app/console/audit/page");
const { default: BalancePage } = await import("@/app/console/balance/page");
const { default: TransactionPage } = await import("@/app/console/transactions/[id]/page");
const { GET: exportAudit } = await import("@/app/console/audit/export.csv/route");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { createTestConsoleUser, startTestConsoleSession } = await import("../support/console");
const { pixDepositRequest } = await import("../support/requests");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
type SignedIn = Awaited<ReturnType<typeof startTestConsoleSession>>;

let shopA: Merchant;
let shopB: Merchant;
let depositB: string;

/** A user of the role signed in, whose session cookie the next console calls carry. */
async function signIn(role: "merchant-admin" | "merchant-viewer" | "operator", merchantId?: string) {
  const user = await createTestConsoleUser({ role, merchantId, withTotp: role === "operator" });
  const session = await startTestConsoleSession(user, request.ip);
  request.token = session.token;
  return session;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const denials = (session: SignedIn) =>
  getDb().auditEvent.findMany({ where: { action: "access.denied", actorUserId: session.actor.userId } });

/** What each of the user's access.denied events names, in any order (several land in one millisecond). */
const deniedTargets = async (session: SignedIn) =>
  (await denials(session)).map((event) => [event.targetType, event.targetId, event.detail]).sort();

const pageProps = <Params extends Record<string, string>>(params: Params, search: Record<string, string> = {}) => ({
  params: Promise.resolve(params),
  searchParams: Promise.resolve(search),
});

const answer = (status: 403 | 404) => expect.objectContaining({ digest: `NEXT_HTTP_ERROR_FALLBACK;${status}` });

beforeAll(async () => {
  shopA = await createTestMerchant({ name: "Loja Sondada A" });
  shopB = await createTestMerchant({ name: "Loja Sondada B" });
  const { data } = await readSigned(await postSigned(pix, shopB, pixDepositRequest()), shopB);
  depositB = data.id as string;
});

afterEach(() => vi.restoreAllMocks());

describe("a refused console action", () => {
  it("by a viewer trying to write: the form's 403 and an access.denied event naming the action and the role", async () => {
    const viewer = await signIn("merchant-viewer", shopA.merchantId);
    const warn = vi.spyOn(log, "warn");
    expect(await revokeKeyAction({ status: "idle" }, form({ keyId: shopA.keyId }))).toMatchObject({
      status: "error",
      code: "forbidden",
    });
    expect(await getDb().apiKey.findUniqueOrThrow({ where: { id: shopA.keyId } })).toMatchObject({ revokedAt: null });
    expect(await denials(viewer)).toMatchObject([
      {
        actorUserId: viewer.actor.userId,
        actorEmail: viewer.actor.email,
        actorRole: "merchant-viewer",
        sessionId: viewer.actor.sessionId,
        targetType: "action",
        targetId: "keys.revoke",
        merchantId: shopA.merchantId,
        ip: request.ip,
        detail: { action: "keys.revoke", reason: "role" },
      },
    ]);
    expect(warn).toHaveBeenCalledWith("console access denied", {
      user: viewer.actor.userId,
      role: "merchant-viewer",
      merchant: shopA.merchantId,
      action: "keys.revoke",
      reason: "role",
      target: "action keys.revoke",
      ip: request.ip,
      audited: true,
    });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(viewer.token);
  });

  it("by an admin naming another merchant's key: the same 404 as an unknown key, recorded with the key it named", async () => {
    const admin = await signIn("merchant-admin", shopA.merchantId);
    const refused = await revokeKeyAction({ status: "idle" }, form({ keyId: shopB.keyId }));
    const unknown = await revokeKeyAction({ status: "idle" }, form({ keyId: "mk_test_nosuchkey0000" }));
    expect(refused).toEqual({ ...unknown, detail: `no key ${shopB.keyId}` });
    expect(refused).toMatchObject({ status: "error", code: "not_found" });
    expect(await createKeyAction({ status: "idle" }, form({ merchantId: shopB.merchantId }))).toMatchObject({
      code: "not_found",
    });
    expect(await revealCustomerAction(depositB)).toEqual({ status: "refused", code: "forbidden" });
    expect(
      await markPayoutAction({ status: "idle" }, form({ transferId: "po_x", outcome: "completed" })),
    ).toMatchObject({ code: "forbidden" });
    expect(await getDb().apiKey.findUniqueOrThrow({ where: { id: shopB.keyId } })).toMatchObject({ revokedAt: null });
    // The unknown key is no denial: nothing says it is anyone's.
    expect(await deniedTargets(admin)).toEqual([
      ["action", "payouts.mark", { action: "payouts.mark", reason: "role" }],
      ["action", "transactions.reveal_customer", { action: "transactions.reveal_customer", reason: "role" }],
      ["api_key", shopB.keyId, { action: "keys.revoke", reason: "other_merchant" }],
      ["merchant", shopB.merchantId, { action: "keys.create", reason: "other_merchant" }],
    ]);
  });
});

describe("a refused console page or export", () => {
  it("an operator's page, another merchant's transaction or balance, an operator's export: 403/404 and recorded", async () => {
    const admin = await signIn("merchant-admin", shopA.merchantId);
    await expect(AuditPage(pageProps({}))).rejects.toEqual(answer(403));
    await expect(TransactionPage(pageProps({ id: depositB }))).rejects.toEqual(answer(404));
    await expect(BalancePage(pageProps({}, { merchant: shopB.merchantId }))).rejects.toEqual(answer(404));
    const exported = await exportAudit(new Request("http://localhost/console/audit/export.csv?action=x"));
    expect(exported.status).toBe(403);
    expect(await deniedTargets(admin)).toEqual([
      ["merchant", shopB.merchantId, { page: "/console/balance", reason: "other_merchant" }],
      ["page", "/console/audit", { page: "/console/audit", reason: "role" }],
      ["page", "/console/audit/export.csv", { page: "/console/audit/export.csv", reason: "role" }],
      ["transaction", depositB, { page: "/console/transactions/[id]", reason: "other_merchant" }],
    ]);
  });

  it("records nothing for what is not a denial: an operator's unknown id", async () => {
    const operator = await signIn("operator");
    await expect(TransactionPage(pageProps({ id: "dep_doesnotexist" }))).rejects.toEqual(answer(404));
    expect(await revokeKeyAction({ status: "idle" }, form({ keyId: "mk_test_nosuchkey0000" }))).toMatchObject({
      code: "not_found",
    });
    expect(await denials(operator)).toEqual([]);
  });
});

describe("a user probing ids", () => {
  it(`writes at most ${ACCESS_DENIED_AUDITS_PER_HOUR} access.denied events an hour; the rest are logged only`, async () => {
    const viewer = await signIn("merchant-viewer", shopA.merchantId);
    const warn = vi.spyOn(log, "warn");
    for (let i = 0; i < ACCESS_DENIED_AUDITS_PER_HOUR + 15; i++)
      await expect(BalancePage(pageProps({}, { merchant: shopB.merchantId }))).rejects.toEqual(answer(404));
    const recorded = await denials(viewer);
    expect(recorded).toHaveLength(ACCESS_DENIED_AUDITS_PER_HOUR);
    // The last one recorded says where the rest went.
    expect(
      recorded.filter((event) => (event.detail as { more_in_server_log?: boolean }).more_in_server_log),
    ).toHaveLength(1);
    const lines = warn.mock.calls.filter(([message]) => message === "console access denied");
    expect(lines).toHaveLength(ACCESS_DENIED_AUDITS_PER_HOUR + 15);
    expect(lines.filter(([, fields]) => fields?.audited === false)).toHaveLength(15);
    // Another user's budget is their own.
    const other = await signIn("merchant-viewer", shopA.merchantId);
    await expect(AuditPage(pageProps({}))).rejects.toEqual(answer(403));
    expect(await denials(other)).toHaveLength(1);
  });
});
