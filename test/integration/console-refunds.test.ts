// Refunds from the console (issue 27) through the real server action, session and database: who
// may refund, each refusal as the form's state naming its field and writing no refund, the audit
// row in the refund's own transaction, one refund per form however often it is sent, and the
// deposit's "Devolvido" in the console's rows while the API keeps saying paid.
import { beforeAll, describe, expect, it, vi } from "vitest";

const request = vi.hoisted(() => ({ token: "", ip: "198.51.100.40", lang: "" }));

vi.mock("next/headers", async () => {
  const { SESSION_COOKIE } = await import("@/lib/console/session-cookie");
  const { CLIENT_IP_HEADER } = await import("@/lib/http/client-ip");
  return {
    // Imported when called: the module that names the language cookie imports this mock itself.
    cookies: async () => {
      const { CONSOLE_LANG_COOKIE } = await import("@/lib/console/console-locale");
      return {
        get: (name: string) =>
          name === SESSION_COOKIE && request.token
            ? { value: request.token }
            : name === CONSOLE_LANG_COOKIE && request.lang
              ? { value: request.lang }
              : undefined,
      };
    },
    headers: async () => new Headers({ [CLIENT_IP_HEADER]: request.ip }),
  };
});
// Outside a request Next.js has no cache to revalidate; the page reads the database anyway.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { getDb } = await import("@/lib/db/client");
const { POST: pix } = await import("@/app/api/pix/route");
const { POST: status } = await import("@/app/api/status/route");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { refundDepositAction } = await import("@/app/console/transactions/[id]/actions");
const { readTransactionRows } = await import("@/lib/console-transactions/list-transactions");
const { getTransactionDetail } = await import("@/lib/console-transactions/get-transaction-detail");
const { refundedStateOf } = await import("@/lib/refunds/refunded-state");
const { randomAlphanumeric } = await import("@/lib/ids/new-id");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { createTestConsoleUser, startTestConsoleSession } = await import("../support/console");
const { pixDepositRequest } = await import("../support/requests");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
type Role = "merchant-admin" | "merchant-viewer" | "operator";

let shopA: Merchant;
let shopB: Merchant;

async function signIn(role: Role, merchantId?: string) {
  const user = await createTestConsoleUser({ role, merchantId, withTotp: role === "operator" });
  const session = await startTestConsoleSession(user, request.ip);
  request.token = session.token;
  return session;
}

/** A Pix deposit of the shop through the API, paid by the sandbox unless told otherwise. */
async function deposit(shop: Merchant, amount = "50.00", isPaid = true): Promise<string> {
  const { data } = await readSigned(await postSigned(pix, shop, pixDepositRequest({ amount })), shop);
  if (isPaid) await paySandboxDeposit(data.id as string);
  return data.id as string;
}

/** The refund form as the page sends it, with a fresh key unless given one. */
function refundForm(fields: { depositId: string; amount: string; reason?: string; requestKey?: string }) {
  const form = new FormData();
  form.set("depositId", fields.depositId);
  form.set("amount", fields.amount);
  form.set("reason", fields.reason ?? "Produto devolvido");
  form.set("requestKey", fields.requestKey ?? randomAlphanumeric(24));
  return form;
}

const refund = (fields: Parameters<typeof refundForm>[0]) =>
  refundDepositAction({ status: "idle" }, refundForm(fields));
const refundsOf = (depositId: string) =>
  getDb().refund.findMany({ where: { depositId }, orderBy: { createdAt: "asc" } });
const refusal = (code: string, path?: string) =>
  expect.objectContaining({
    status: "error",
    code,
    ...(path ? { fields: [expect.objectContaining({ path })] } : {}),
  });

beforeAll(async () => {
  shopA = await createTestMerchant({ name: "Loja Devolve A" });
  shopB = await createTestMerchant({ name: "Loja Devolve B" });
});

describe("a console refund refused", () => {
  it("to a merchant viewer: 403 as the form's state, access.denied on record, no refund", async () => {
    const depositId = await deposit(shopA);
    const viewer = await signIn("merchant-viewer", shopA.merchantId);
    expect(await refund({ depositId, amount: "10,00" })).toEqual(refusal("forbidden"));
    expect(await refundsOf(depositId)).toEqual([]);
    expect(
      await getDb().auditEvent.findMany({ where: { action: "access.denied", actorUserId: viewer.actor.userId } }),
    ).toMatchObject([{ targetType: "action", targetId: "transactions.refund", detail: { reason: "role" } }]);
  });

  it("to another merchant's admin: the 404 of an unknown deposit", async () => {
    const depositId = await deposit(shopB);
    await signIn("merchant-admin", shopA.merchantId);
    const other = await refund({ depositId, amount: "10,00" });
    const unknown = await refund({ depositId: "dep_doesnotexist", amount: "10,00" });
    expect(other).toEqual(refusal("not_found"));
    expect(unknown).toEqual(refusal("not_found"));
    expect(await refundsOf(depositId)).toEqual([]);
  });

  it("for a deposit not paid yet: the state conflict, no refund", async () => {
    const depositId = await deposit(shopA, "50.00", false);
    await signIn("merchant-admin", shopA.merchantId);
    expect(await refund({ depositId, amount: "10,00" })).toEqual(refusal("state_conflict"));
    expect(await refundsOf(depositId)).toEqual([]);
  });

  it("for an amount that is no amount in the console's language, or zero: the amount field", async () => {
    const depositId = await deposit(shopA);
    await signIn("merchant-admin", shopA.merchantId);
    for (const amount of ["", "dez", "10.50", "0,00", "-5", "1.2345"])
      expect(await refund({ depositId, amount }), amount).toEqual(refusal("validation_failed", "amount"));
    request.lang = "en";
    try {
      expect(await refund({ depositId, amount: "1.234,56" })).toEqual(refusal("validation_failed", "amount"));
    } finally {
      request.lang = "";
    }
    expect(await refundsOf(depositId)).toEqual([]);
  });

  it("without a reason: the reason field", async () => {
    const depositId = await deposit(shopA);
    await signIn("merchant-admin", shopA.merchantId);
    expect(await refund({ depositId, amount: "10,00", reason: "   " })).toEqual(refusal("validation_failed", "reason"));
    expect(await refundsOf(depositId)).toEqual([]);
  });

  it("for more than is left to refund: the amount field, saying what is left", async () => {
    const depositId = await deposit(shopA, "50.00");
    await signIn("merchant-admin", shopA.merchantId);
    expect(await refund({ depositId, amount: "50,01" })).toEqual(refusal("validation_failed", "amount"));
    expect(await refund({ depositId, amount: "30,00" })).toMatchObject({ status: "requested" });
    const over = await refund({ depositId, amount: "20,01" });
    expect(over).toEqual(refusal("validation_failed", "amount"));
    expect(JSON.stringify(over)).toContain("20.00");
    expect(await refundsOf(depositId)).toHaveLength(1);
  });
});

describe("a console refund made", () => {
  it("partial by the merchant's admin, then the rest by an operator in English: audited, once per form, shown as refunded", async () => {
    const depositId = await deposit(shopA, "50.00");
    const admin = await signIn("merchant-admin", shopA.merchantId);
    const requestKey = randomAlphanumeric(24);
    const first = await refund({ depositId, amount: "10,00", reason: "Item faltando", requestKey });
    // The same form sent again (a double click, a retry after a timeout): the same refund.
    const again = await refund({ depositId, amount: "10,00", reason: "Item faltando", requestKey });
    expect(first).toMatchObject({ status: "requested", amountCents: "1000" });
    expect(again).toEqual(first);
    const partial = await refundsOf(depositId);
    expect(partial).toMatchObject([{ amountCents: 1000n, status: "completed", description: "Item faltando" }]);
    expect(await getDb().refundEvent.findFirst({ where: { refundId: partial[0].id, fromStatus: null } })).toMatchObject(
      { actor: "merchant" },
    );
    expect(
      await getDb().auditEvent.findMany({ where: { action: "refund.requested", targetId: partial[0].id } }),
    ).toMatchObject([
      {
        actorUserId: admin.actor.userId,
        actorRole: "merchant-admin",
        sessionId: admin.actor.sessionId,
        targetType: "refund",
        merchantId: shopA.merchantId,
        ip: request.ip,
        detail: { deposit_id: depositId, amount_cents: "1000", reason: "Item faltando" },
      },
    ]);
    const rowOf = async () =>
      (await readTransactionRows({ merchantId: shopA.merchantId }, { direction: "older", limit: 50 })).find(
        (row) => row.id === depositId,
      )!;
    expect(refundedStateOf(await rowOf())).toBe("partially_refunded");

    const operator = await signIn("operator");
    request.lang = "en";
    try {
      expect(await refund({ depositId, amount: "40.00", reason: "Order canceled" })).toMatchObject({
        status: "requested",
        amountCents: "4000",
      });
    } finally {
      request.lang = "";
    }
    const [, rest] = await refundsOf(depositId);
    expect(rest).toMatchObject({ amountCents: 4000n, status: "completed" });
    expect(
      await getDb().auditEvent.findMany({ where: { action: "refund.requested", targetId: rest.id } }),
    ).toMatchObject([{ actorUserId: operator.actor.userId, actorRole: "operator" }]);
    expect(await rowOf()).toMatchObject({ status: "paid", refundedCents: 5000n });
    expect(refundedStateOf(await rowOf())).toBe("refunded");
    expect(await getTransactionDetail(operator.actor, depositId)).toMatchObject({
      refundedCents: 5000n,
      refundableCents: 0n,
    });
    // The API's status values do not change: the deposit stays paid, its refunds have their own.
    const { data } = await readSigned(await postSigned(status, shopA, { id: depositId }), shopA);
    expect(data.status).toBe("paid");
  });
});
