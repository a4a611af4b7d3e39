// Gateway Out through the real route handler and database: every rule, the merchant's funds,
// and the operator's marking with its callback.
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: status } = await import("@/app/api/status/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction, listTransactionEvents } = await import("@/lib/db/transactions");
const { changeStatus } = await import("@/lib/db/change-status");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { bankDirectory, accountTypeLabels } = await import("@/lib/banks/bank-directory");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { runTool } = await import("../support/run-tool");
const { markPayout } = await import("@/lib/payouts/mark-payout");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let merchant: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sequence = 0;

const CPF = "529.982.247-25";
const accounts = {
  "banco-do-brasil": { branch: "1584-9", account: "00210169-6" },
  bradesco: { branch: "1234", account: "0012345-5" },
  caixa: { branch: "0001", account: "00100012345-9" },
  nubank: { branch: "0001", account: "5216125-0" },
  santander: { branch: "0001", account: "01001234-0" },
} as const;

const pixPayout = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: CPF,
  paymentMethod: "pix",
  pix_key: "52998224725",
  amount: "10.50",
  currency: "BRL",
  reference: `saque-${Date.now()}-${++sequence}`,
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
  ...extra,
});

const bankPayout = (method: keyof typeof accounts, extra: Record<string, unknown> = {}) => {
  const request = pixPayout({ paymentMethod: method, ...accounts[method], account_type: "C", ...extra });
  delete request.pix_key;
  return request;
};

async function send(data: Record<string, unknown>, who: Merchant = merchant) {
  const response = await postSigned(gatewayOut, who, data);
  return { response, ...(await readSigned(response, who)) };
}

async function expectInvalid(data: Record<string, unknown>, field: string, message: RegExp) {
  const { response, data: answer } = await send(data);
  expect(response.status).toBe(422);
  const error = answer.error as { type: string; fields: { path: string; message: string }[] };
  expect(error.type).toBe("validation_failed");
  expect(error.fields).toContainEqual({ path: field, message: expect.stringMatching(message) });
}

const cashier = (...args: string[]) => runTool("cashier", args, { CALLBACK_RETRY_SCHEDULE: "0" });
const balanceOf = async (who: Merchant) => JSON.parse((await cashier("merchant", "balance", who.merchantId)).stdout);

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
  expect((await cashier("merchant", "fund", merchant.merchantId, "100000,00")).code).toBe(0);
});

afterAll(() => receiver.close());

describe("POST /api/gateway-out", () => {
  it("creates a pending payout by Pix key and answers 201 with transfer_id", async () => {
    const request = pixPayout();
    const { response, data } = await send(request);
    expect(response.status).toBe(201);
    expect(Object.keys(data)).toEqual(["transfer_id"]);
    expect(data.transfer_id).toMatch(/^po_[a-z0-9]{20}$/);
    expect(await findTransaction(getDb(), data.transfer_id as string)).toMatchObject({
      operation: "gateway_out",
      status: "pending",
      amountCents: 1050n,
      paymentMethod: "pix",
      pixKey: "52998224725",
      customerCpf: "52998224725",
      merchantUser: "cliente-42",
    });
  });

  it.each(Object.keys(accounts) as (keyof typeof accounts)[])("creates a payout to a %s account", async (method) => {
    const { response, data } = await send(bankPayout(method, { account_type: method === "caixa" ? "S" : "C" }));
    expect(response.status).toBe(201);
    const stored = await findTransaction(getDb(), data.transfer_id as string);
    const bank = bankDirectory.find((b) => b.method === method);
    expect(stored).toMatchObject({
      paymentMethod: method,
      bankCode: bank?.code,
      branch: accounts[method].branch,
      account: accounts[method].account,
    });
  });

  it.each([
    ["banco-do-brasil", "1584", "12345-5", "00012345-5"],
    ["bradesco", "1234", "12345-5", "0012345-5"],
    ["caixa", "1234", "001.00012345-9", "00100012345-9"],
    ["santander", "1234", "01.012345-2", "01012345-2"],
    ["nubank", "0001", "12345678-4", "12345678-4"],
  ] as const)(
    "takes a %s account as its customer writes it and stores it at the bank's length",
    async (method, branch, account, stored) => {
      const { response, data } = await send(bankPayout(method, { branch, account }));
      expect(response.status).toBe(201);
      expect(await findTransaction(getDb(), data.transfer_id as string)).toMatchObject({ branch, account: stored });
    },
  );

  it("knows the five banks by COMPE code and ISPB, and the account type labels", () => {
    expect(bankDirectory.map((b) => [b.method, b.code, b.ispb])).toEqual([
      ["banco-do-brasil", "001", "00000000"],
      ["bradesco", "237", "60746948"],
      ["caixa", "104", "00360305"],
      ["nubank", "260", "18236120"],
      ["santander", "033", "90400888"],
    ]);
    expect(accountTypeLabels).toEqual({ C: "Conta Corrente de Pessoa Física", S: "Conta Poupança de Pessoa Física" });
  });

  it.each([
    ["pix_key", pixPayout({ pix_key: "111.444.777-35" }), /must equal cpf/],
    ["pix_key", pixPayout({ pix_key: "123.456.789-00" }), /must be a valid CPF/],
    ["pix_key", pixPayout({ pix_key: undefined }), /is required when paymentMethod is pix/],
    ["pix_key", pixPayout({ cpf: "123.456.789-00", pix_key: "123.456.789-00" }), /must be a valid CPF/],
    ["pix_key", pixPayout({ pix_key: "maria@example.com" }), /must be a valid CPF/],
    ["branch", bankPayout("bradesco", { branch: undefined }), /is required when paymentMethod is bradesco/],
    ["account", bankPayout("santander", { account: undefined }), /is required when paymentMethod is santander/],
    ["account_type", bankPayout("caixa", { account_type: undefined }), /is required when paymentMethod is caixa/],
    [
      "account_type",
      bankPayout("nubank", { account_type: "X" }),
      /must be C \(current account\) or S \(savings account\)/,
    ],
    [
      "account",
      bankPayout("banco-do-brasil", { account: "00210169-7" }),
      /check digit does not match .* at Banco do Brasil\. Banco do Brasil: up to 8 digits and a check digit \(0-9 or X\), e\.g\. 12345-5$/,
    ],
    ["account", bankPayout("bradesco", { account: "12-34-5" }), /with its check digit/],
    ["branch", bankPayout("bradesco", { branch: "agência 1" }), /branch number/],
    [
      "paymentMethod",
      pixPayout({ paymentMethod: "itau" }),
      /must be one of banco-do-brasil, bradesco, caixa, nubank, santander, pix/,
    ],
    ["paymentMethod", pixPayout({ paymentMethod: undefined }), /must be one of/],
    ["country", pixPayout({ country: "PT" }), /must be BR/],
    ["currency", pixPayout({ currency: "EUR" }), /must be BRL/],
    ["amount", pixPayout({ amount: "1.234,56" }), /thousands separator/],
    ["amount", pixPayout({ amount: 0 }), /greater than zero/],
    ["buyer_ip", pixPayout({ buyer_ip: "localhost" }), /IPv4 or IPv6/],
    ["phone", pixPayout({ phone: "9".repeat(46) }), /at most 45/],
    ["reference", pixPayout({ reference: undefined }), /must be a string|is required/],
    ["merchant_user", pixPayout({ merchant_user: "" }), /is required/],
  ])("refuses an invalid %s with a signed 422 naming it", async (field, request, message) => {
    for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key];
    await expectInvalid(request, field, message);
  });

  it("names all three bank fields when they are all missing", async () => {
    const request = bankPayout("caixa");
    delete request.branch;
    delete request.account;
    delete request.account_type;
    const { data } = await send(request);
    expect((data.error as { fields: { path: string }[] }).fields.map((f) => f.path).sort()).toEqual([
      "account",
      "account_type",
      "branch",
    ]);
  });

  it("accepts blank name and email, and flags them", async () => {
    const { response, data } = await send(pixPayout({ name: " ", email: "nope" }));
    expect(response.status).toBe(201);
    expect((await findTransaction(getDb(), data.transfer_id as string))?.invalidFields).toEqual(["name", "email"]);
  });

  it("is idempotent on reference", async () => {
    const request = pixPayout();
    const first = await send(request);
    const again = await send({ ...request });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await send({ ...request, amount: "10.51" })).response.status).toBe(409);
  });
});

describe("merchant funds", () => {
  it("refuses a payout above the available balance with a signed 422, and keeps nothing of it", async () => {
    const poor = await createTestMerchant({ name: "Pouco saldo" });
    await cashier("merchant", "fund", poor.merchantId, "5.00");
    const request = pixPayout({ amount: "5.01" });
    const { response, data } = await send(request, poor);
    expect(response.status).toBe(422);
    expect(data.error).toMatchObject({
      type: "insufficient_funds",
      detail: "available balance is 5.00 BRL; this payout needs 5.01 BRL",
    });
    expect(await getDb().transaction.count({ where: { merchantId: poor.merchantId } })).toBe(0);
    expect(await balanceOf(poor)).toMatchObject({ available: "5.00", reserved: "0.00" });
    expect((await send({ ...request, amount: "5.00" }, poor)).response.status).toBe(201);
    expect(await balanceOf(poor)).toMatchObject({ available: "0.00", reserved: "5.00" });
  });

  it("20 concurrent payouts that together exceed the balance never drive it below zero", async () => {
    const shop = await createTestMerchant({ name: "Concorrência" });
    await cashier("merchant", "fund", shop.merchantId, "100.00");
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(pixPayout({ amount: "15.00" }), shop)));
    const created = answers.filter((a) => a.response.status === 201);
    const refused = answers.filter((a) => a.response.status === 422);
    expect(created).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const a of refused) expect(a.data.error).toMatchObject({ type: "insufficient_funds" });
    expect(await balanceOf(shop)).toMatchObject({ available: "10.00", reserved: "90.00" });
  });

  it("refuses to fund a live merchant by hand, and an amount it cannot read", async () => {
    const live = await createTestMerchant({ name: "Real", mode: "live" });
    const refused = await cashier("merchant", "fund", live.merchantId, "10");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/live merchant/);
    expect((await cashier("merchant", "fund", merchant.merchantId, "1.234,00")).stderr).toMatch(
      /amount .*thousands separator/,
    );
  });
});

describe("marking", () => {
  async function receivedFor(transferId: string) {
    receiver.received.length = 0;
    await runCallbackWorker({ isOnce: true });
    return receiver.received.filter((r) => r.data.transfer_id === transferId);
  }

  it("completed: one verified callback with the contract's fields; a second marking is refused and sends nothing", async () => {
    const shop = await createTestMerchant({ name: "Marca", callbackUrl: receiver.url });
    await cashier("merchant", "fund", shop.merchantId, "50");
    const request = pixPayout({ amount: "20.00" });
    const { data } = await send(request, shop);
    const transferId = data.transfer_id as string;

    const marked = await cashier("payout", "complete", transferId);
    expect(marked.code).toBe(0);
    expect(JSON.parse(marked.stdout)).toMatchObject({ transfer_id: transferId, status: "completed" });
    // The CLI's money actions are audited as the CLI's account, like the console's.
    expect(await getDb().auditEvent.findMany({ where: { targetId: transferId } })).toMatchObject([
      {
        action: "payout.completed",
        actorRole: "cli",
        actorEmail: expect.stringMatching(/^cli:/),
        merchantId: shop.merchantId,
      },
    ]);
    const callbacks = await receivedFor(transferId);
    expect(callbacks).toHaveLength(1);
    const { payload } = await jwtVerify(callbacks[0].jwt, new TextEncoder().encode(shop.secret), {
      algorithms: ["HS256"],
    });
    expect(payload.data).toEqual({
      event_id: expect.stringMatching(/^evt_/),
      type: "gateway_out.completed",
      transfer_id: transferId,
      transfers_id: transferId,
      reference: request.reference,
      merchant_user: "cliente-42",
      user_id: "cliente-42",
      amount: "20.00",
      currency: "BRL",
      status: "completed",
      occurred_at: expect.any(String),
    });
    expect(await balanceOf(shop)).toMatchObject({ available: "30.00", reserved: "0.00" });

    for (const [again, outcome] of [
      [["payout", "complete", transferId], "completed"],
      [["payout", "cancel", transferId, "--reason-code", "x", "--reason", "y"], "canceled"],
    ] as const) {
      const refused = await cashier(...again);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        `is completed and cannot become ${outcome}; a completed payout is final and never changes`,
      );
      expect(refused.stderr).not.toMatch(/processing/);
    }
    expect(await receivedFor(transferId)).toHaveLength(0);
    const { data: shown } = await readSigned(await postSigned(status, shop, { transfer_id: transferId }), shop);
    expect(shown).toMatchObject({ transfer_id: transferId, status: "completed", amount: "20.00" });
  });

  it("canceled: the reason goes in the callback, the funds come back, and it cannot change again", async () => {
    const shop = await createTestMerchant({ name: "Cancela", callbackUrl: receiver.url });
    await cashier("merchant", "fund", shop.merchantId, "50");
    const { data } = await send(bankPayout("nubank", { amount: "50" }), shop);
    const transferId = data.transfer_id as string;
    expect(await balanceOf(shop)).toMatchObject({ available: "0.00", reserved: "50.00" });

    const marked = await cashier(
      "payout",
      "cancel",
      transferId,
      "--reason-code",
      "invalid_account",
      "--reason",
      "Conta encerrada pelo banco",
    );
    expect(marked.code).toBe(0);
    const callbacks = await receivedFor(transferId);
    expect(callbacks).toHaveLength(1);
    const { payload } = await jwtVerify(callbacks[0].jwt, new TextEncoder().encode(shop.secret), {
      algorithms: ["HS256"],
    });
    expect(payload.data).toMatchObject({
      type: "gateway_out.canceled",
      status: "canceled",
      reason_code: "invalid_account",
      reason: "Conta encerrada pelo banco",
    });
    expect(await balanceOf(shop)).toMatchObject({ available: "50.00", reserved: "0.00" });
    expect(await listTransactionEvents(getDb(), transferId)).toMatchObject([
      { toStatus: "pending", actor: "merchant" },
      { fromStatus: "pending", toStatus: "processing", actor: "operator" },
      { fromStatus: "processing", toStatus: "canceled", actor: "operator", reasonCode: "invalid_account" },
    ]);

    const refused = await cashier("payout", "complete", transferId);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is canceled and cannot become completed/);
    expect(await receivedFor(transferId)).toHaveLength(0);
  });

  it("says what is missing when canceling, and what does not exist", async () => {
    const noReason = await cashier("payout", "cancel", "po_x");
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason-code is required/);
    expect((await cashier("payout", "complete", "po_nothing")).stderr).toMatch(/no payout po_nothing/);
  });

  it("10 concurrent markings of one payout settle it exactly once", async () => {
    const shop = await createTestMerchant({ name: "Corrida", callbackUrl: receiver.url });
    await cashier("merchant", "fund", shop.merchantId, "50");
    const { data } = await send(pixPayout({ amount: "20.00" }), shop);
    const transferId = data.transfer_id as string;
    {
      const markings = Array.from({ length: 10 }, (_, i) =>
        markPayout(
          i % 2 === 0
            ? { transferId, outcome: "completed" }
            : { transferId, outcome: "canceled", reasonCode: "race", reason: "concurrent marking" },
        ),
      );
      const results = await Promise.allSettled(markings);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const refused of results.filter((r) => r.status === "rejected"))
        expect(String(refused.reason)).toMatch(/someone else|is final and never changes/);
    }
    const final = await findTransaction(getDb(), transferId);
    expect(["completed", "canceled"]).toContain(final?.status);
    expect(await getDb().ledgerEntry.count({ where: { transactionId: transferId } })).toBe(2);
    expect(await getDb().callbackEvent.count({ where: { merchantId: shop.merchantId } })).toBe(1);
  });

  it("a marking that crashed while processing is finished with --resume, not before its time", async () => {
    const shop = await createTestMerchant({ name: "Retoma" });
    await cashier("merchant", "fund", shop.merchantId, "50");
    const { data } = await send(pixPayout({ amount: "20.00" }), shop);
    const transferId = data.transfer_id as string;
    // What a crash after the claim leaves: processing, and nobody finishing it.
    await changeStatus(getDb(), "payout", {
      id: transferId,
      from: "pending",
      to: "processing",
      actor: "operator",
      at: new Date(),
      claimedOutcome: "completed",
    });
    const plain = await cashier("payout", "complete", transferId);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/being marked by someone else; if that marking crashed, use --resume/);
    await expect(markPayout({ transferId, outcome: "completed", isResume: true })).rejects.toThrow(
      /can be resumed after 120 s/,
    );
    await getDb().transaction.update({
      where: { id: transferId },
      data: { updatedAt: new Date(Date.now() - 3 * 60_000) },
    });
    // The money may have left already: the opposite outcome is refused.
    await expect(
      markPayout({ transferId, outcome: "canceled", reasonCode: "x", reason: "y", isResume: true }),
    ).rejects.toThrow(/was being marked completed; resume it with that outcome/);
    const resumed = await cashier("payout", "complete", transferId, "--resume");
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ transfer_id: transferId, status: "completed", mode: "sandbox" });
    expect(await balanceOf(shop)).toMatchObject({ available: "30.00", reserved: "0.00" });
    const { data: shown } = await readSigned(await postSigned(status, shop, { transfer_id: transferId }), shop);
    expect(shown).toMatchObject({ status: "completed" });
  }, 60_000);
});
