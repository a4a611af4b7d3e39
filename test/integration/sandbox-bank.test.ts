// The sandbox bank behind the initiation contract, through autorizar's real route handler and the
// database: a sandbox payment is started at the sandbox bank like a live one at its initiator (an
// attempt stored first, the consent screen its redirect), the customer's answer is recorded on the
// attempt as the bank's word and confirmed by confirmInitiation, and a refund goes back through
// the sandbox's initiations. What the customer and the merchant see stays the sandbox's: the
// consent screen, deposit.paid or deposit.failed, the success or failure URL.
import { jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { POST as refund } from "@/app/api/refund/route";
import { POST as status } from "@/app/api/status/route";
import { runCallbackWorker } from "@/lib/callbacks/run-callback-worker";
import { GET as consentPage, POST as consentAnswer } from "@/app/pay/[token]/autorizar/route";
import { listCallbackEvents } from "@/lib/db/callback-events";
import { getDb } from "@/lib/db/client";
import { findInitiation, listDepositInitiations } from "@/lib/db/initiations";
import { findTransaction } from "@/lib/db/transactions";
import { getMerchantBalance } from "@/lib/funds/get-merchant-balance";
import { answerSandboxBank } from "@/lib/initiations/answer-sandbox-bank";
import { sandboxProvider } from "@/lib/providers/sandbox/sandbox-provider";
import { sandboxPaymentId } from "@/lib/providers/sandbox/sandbox-initiations";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";
import { type Receiver, startReceiver } from "../support/callback-receiver";
import { openSandboxBankAttempt } from "../support/sandbox-bank";

let merchant: TestMerchant;
let receiver: Receiver;
let sequence = 0;
const initiations = sandboxProvider.initiations as NonNullable<typeof sandboxProvider.initiations>;

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ redirectOrigins: ["https://shop.example"], callbackUrl: receiver.url });
});

afterAll(() => receiver.close());

afterEach(() => {
  vi.restoreAllMocks();
});

/** A sandbox Payment Initiation with complete details: its deposit id and pay token. */
async function newPayment(): Promise<{ id: string; token: string }> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "10.50",
    reference: `sb-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    successRedirectUrl: "https://shop.example/pedido/ok",
    failedRedirectUrl: "https://shop.example/pedido/falhou",
  };
  const created = await readSigned(await postSigned(paymentInitiation, merchant, data), merchant);
  return { id: created.data.id as string, token: String(created.data.paymentInitiationUrl).split("/pay/")[1] };
}

const page = (token: string, query: string) =>
  consentPage(new Request(`http://localhost/pay/${token}/autorizar?${query}`), {
    params: Promise.resolve({ token }),
  });

const answer = (token: string, query: string, decision: string) =>
  consentAnswer(
    new Request(`http://localhost/pay/${token}/autorizar?${query}`, {
      method: "POST",
      body: new URLSearchParams({ decision }),
    }),
    { params: Promise.resolve({ token }) },
  );

const eventsOf = async (depositId: string) =>
  (await listCallbackEvents(getDb(), { limit: 200 })).filter((event) => event.payload.id === depositId);

describe("the sandbox bank's participants", () => {
  it("are the interface's five banks, named by their method", async () => {
    expect((await initiations.listParticipants()).map((bank) => bank.id)).toEqual([
      "banco-do-brasil",
      "bradesco",
      "caixa",
      "nubank",
      "santander",
    ]);
  });
});

describe("a sandbox payment at the sandbox bank", () => {
  it("is started once per bank, its consent screen the attempt's, and authorizing pays it through confirmInitiation", async () => {
    const { id, token } = await newPayment();
    const opened = await page(token, "banco=nubank");
    expect(opened.status).toBe(303);
    const consent = opened.headers.get("location") ?? "";
    expect(consent).toMatch(new RegExp(`^/pay/${token}/autorizar\\?banco=nubank&tentativa=ini_[a-z0-9]+$`));
    const [attempt] = await listDepositInitiations(getDb(), id);
    expect(attempt).toMatchObject({
      provider: "sandbox",
      participantId: "nubank",
      participantName: "Nubank",
      status: "pending",
      providerPaymentId: sandboxPaymentId(attempt.id),
      // The consent screen beside the payment's pages: the stored address holds no token.
      redirectUrl: `autorizar?banco=nubank&tentativa=${attempt.id}`,
    });
    // The bank has no answer yet.
    expect(
      await initiations.findInitiation({ initiationId: attempt.id, providerPaymentId: attempt.providerPaymentId! }),
    ).toMatchObject({ status: "pending", amountCents: 1050n, endToEndId: null });
    // A reload of the bank step is the same payment at the bank.
    expect((await page(token, "banco=nubank")).headers.get("location")).toBe(consent);
    expect(await listDepositInitiations(getDb(), id)).toHaveLength(1);

    const screen = await page(token, consent.split("?")[1]);
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Autorizar pagamento");
    expect(html).toContain(`action="/pay/${token}/autorizar?banco=nubank&amp;tentativa=${attempt.id}"`);

    const authorized = await answer(token, consent.split("?")[1], "authorize");
    expect(authorized.status).toBe(303);
    expect(authorized.headers.get("location")).toBe(`/pay/${token}?origem=pagamento`);
    const paidAttempt = await findInitiation(getDb(), attempt.id);
    expect(paidAttempt).toMatchObject({ status: "paid", endToEndId: expect.stringMatching(/^E99999999/) });
    expect(await findTransaction(getDb(), id)).toMatchObject({
      status: "paid",
      bankCode: "260",
      pixEndToEndId: paidAttempt?.endToEndId,
    });
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["deposit.paid"]);
    const credited = await getMerchantBalance(merchant.merchantId);

    // The same answer again (a double submit) and the other answer change nothing.
    expect((await answer(token, consent.split("?")[1], "authorize")).headers.get("location")).toBe(`/pay/${token}`);
    expect(await answerSandboxBank({ token, initiationId: attempt.id, decision: "decline" })).toBe("pending");
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["deposit.paid"]);
    expect(await getMerchantBalance(merchant.merchantId)).toEqual(credited);

    // Its refund goes back through the sandbox bank, which completes it at once.
    const refundInitiation = vi.spyOn(initiations, "refundInitiation");
    const response = await postSigned(refund, merchant, { id });
    expect(response.status).toBe(201);
    const refunded = await readSigned(response, merchant);
    expect(refundInitiation).toHaveBeenCalledTimes(1);
    expect(refundInitiation).toHaveBeenCalledWith(
      expect.objectContaining({ providerPaymentId: sandboxPaymentId(attempt.id), amountCents: 1050n }),
    );
    expect(await getDb().refund.findUnique({ where: { id: refunded.data.id as string } })).toMatchObject({
      status: "completed",
    });
  });

  it("declining fails the attempt with the bank's reason, not the deposit: another bank or Pix may still pay it", async () => {
    const { id, token } = await newPayment();
    const attempt = await openSandboxBankAttempt(token, "caixa");
    const declined = await answer(token, `banco=caixa&tentativa=${attempt}`, "decline");
    expect(declined.headers.get("location")).toBe(`/pay/${token}/banco/aguardando`);
    expect(await findInitiation(getDb(), attempt)).toMatchObject({
      status: "failed",
      reasonCode: "declined_at_bank",
      reason: expect.stringContaining("recusado"),
      endToEndId: null,
    });
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "pending" });
    expect(await eventsOf(id)).toEqual([]);
    const now = await readSigned(await postSigned(status, merchant, { id }), merchant);
    expect(now.data).toMatchObject({ id, status: "pending" });

    // Another bank then pays the same deposit, once.
    const again = await openSandboxBankAttempt(token, "nubank");
    const authorized = await answer(token, `banco=nubank&tentativa=${again}`, "authorize");
    expect(authorized.headers.get("location")).toBe(`/pay/${token}?origem=pagamento`);
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "paid", bankCode: "260" });
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["deposit.paid"]);
    await runCallbackWorker({ isOnce: true });
    const received = receiver.received.find((callback) => callback.data.id === id);
    const { payload } = await jwtVerify(received!.jwt, new TextEncoder().encode(merchant.secret), {
      algorithms: ["HS256"],
      typ: "cashier-callback+jwt",
    });
    expect(payload.data).toMatchObject({ type: "deposit.paid", id, status: "paid" });
  });

  it("never takes another payment's attempt from the address", async () => {
    const mine = await newPayment();
    const theirs = await newPayment();
    const theirAttempt = await openSandboxBankAttempt(theirs.token, "nubank");
    // Their attempt in my address: my own payment is started at the bank instead.
    const opened = await page(mine.token, `banco=nubank&tentativa=${theirAttempt}`);
    expect(opened.status).toBe(303);
    const location = opened.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^/pay/${mine.token}/autorizar\\?banco=nubank&tentativa=ini_`));
    expect(location).not.toContain(theirAttempt);
    // Answering it from my page decides nothing of theirs.
    const posted = await answer(mine.token, `banco=nubank&tentativa=${theirAttempt}`, "authorize");
    expect(posted.headers.get("location")).toBe(`/pay/${mine.token}`);
    await expect(
      answerSandboxBank({ token: mine.token, initiationId: theirAttempt, decision: "authorize" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await findInitiation(getDb(), theirAttempt)).toMatchObject({ status: "pending", endToEndId: null });
    expect(await findTransaction(getDb(), theirs.id)).toMatchObject({ status: "pending" });
    expect(await findTransaction(getDb(), mine.id)).toMatchObject({ status: "pending" });
    // A payment id the sandbox bank never gave is unknown to it.
    expect(await initiations.findInitiation({ initiationId: theirAttempt, providerPaymentId: "sbx_other" })).toBeNull();
  });
});
