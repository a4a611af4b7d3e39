import { describe, expect, it } from "vitest";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import {
  bankApprovalStep,
  bankStep,
  consentStep,
  detailsStep,
  isFromPayment,
  openBankStep,
  pixStep,
  stepAfterBankAnswer,
  stepAfterCheckout,
  stepPath,
  waitingStep,
} from "./payment-flow";

type Deposit = HostedPayment["deposit"];

const expiresAt = new Date("2030-01-01T00:00:00Z");

/** A payment as findHostedPayment finds it: open, details complete, amount and method settled. */
function payment(deposit: Partial<Deposit> = {}, state: HostedPayment["state"] = "open"): HostedPayment {
  return {
    deposit: {
      operation: "payment_initiation",
      invalidFields: [],
      amountEditable: false,
      amountOpen: false,
      methodOpen: true,
      paymentMethod: null,
      pixTxid: null,
      pixCode: null,
      expiresAt,
      ...deposit,
    } as Deposit,
    merchantName: "Loja Demo",
    merchantLogoUrl: null,
    state,
    isSimulated: true,
    shopOrigin: null,
    refundedCents: 0n,
  };
}
const gatewayIn = (deposit: Partial<Deposit> = {}) =>
  payment({ operation: "gateway_in", paymentMethod: "pix", methodOpen: false, ...deposit });
const charged = { pixTxid: "TXID", pixCode: "00020126…" };
const toDetails = { redirect: { step: "details" } };

describe("the hosted payment's flow", () => {
  it("tells how a closed payment ended on step 1, and sends every other step there", () => {
    for (const state of ["paid", "expired", "failed"] as const) {
      const closed = payment(charged, state);
      expect(detailsStep(closed)).toEqual({ page: { kind: "ended", state, countdown: false } });
      expect(bankStep(closed)).toEqual(toDetails);
      expect(consentStep(closed, "nubank")).toEqual(toDetails);
      expect(pixStep(closed)).toEqual(toDetails);
    }
  });

  it("counts a receipt down back to the shop only when the customer comes from paying, just after it", () => {
    const paidAt = new Date("2030-01-01T12:00:00Z");
    const paid = payment({ ...charged, settledAt: paidAt, updatedAt: paidAt }, "paid");
    const at = (minutes: number) => new Date(paidAt.getTime() + minutes * 60_000);
    expect(detailsStep(paid, true, at(1))).toEqual({ page: { kind: "ended", state: "paid", countdown: true } });
    // The link opened again, or the address kept and opened later: the receipt stays put.
    expect(detailsStep(paid, false, at(1))).toEqual({ page: { kind: "ended", state: "paid", countdown: false } });
    expect(detailsStep(paid, true, at(11))).toEqual({ page: { kind: "ended", state: "paid", countdown: false } });
    const failed = payment({ ...charged, settledAt: paidAt }, "failed");
    expect(detailsStep(failed, true, at(1))).toEqual({ page: { kind: "ended", state: "failed", countdown: false } });
    expect(stepPath("tok", { step: "details", fromPayment: true })).toBe("/pay/tok?origem=pagamento");
    expect(isFromPayment(new URLSearchParams("origem=pagamento&lang=en"))).toBe(true);
    expect(isFromPayment(new URLSearchParams("origem=outra"))).toBe(false);
  });

  it("after the sandbox bank's answer: the receipt once paid, the ways on once declined", () => {
    expect(stepAfterBankAnswer("paid")).toEqual({ step: "details", fromPayment: true });
    expect(stepAfterBankAnswer("failed")).toEqual({ step: "aguardando" });
    expect(stepAfterBankAnswer("pending")).toEqual({ step: "details" });
    // Declined at the sandbox bank: "Pagamento não concluído", another bank and Pix on offer.
    const declined = {
      status: "failed",
      bankName: "Nubank",
      reason: { code: "declined_at_bank", detail: "Recusado" },
    } as const;
    expect(waitingStep(payment(), declined)).toEqual({
      page: {
        kind: "failed",
        bankName: "Nubank",
        reason: { code: "declined_at_bank", detail: "Recusado" },
        offersPix: true,
        chooseBank: { step: "banco" },
        retryBank: null,
      },
    });
    // A sandbox attempt still waiting is answered on the consent screen, not waited for.
    expect(waitingStep(payment(), { status: "pending", bankName: "Nubank" })).toEqual({ redirect: { step: "banco" } });
  });

  it("shows step 1's form until a Pix charge fixes the payment, then says so on step 1 and the bank step", () => {
    expect(detailsStep(payment())).toEqual({ page: { kind: "form" } });
    expect(detailsStep(payment(charged))).toEqual({ page: { kind: "charge-issued" } });
    expect(bankStep(payment(charged))).toEqual({ page: { kind: "charge-issued" } });
    expect(consentStep(payment(charged), "nubank")).toEqual(toDetails);
    // A link that left the method to the customer: its charge is told on step 1, not jumped to.
    expect(detailsStep(gatewayIn({ ...charged, methodOpen: true }))).toEqual({ page: { kind: "charge-issued" } });
  });

  it("sends a fully locked Gateway In link with its QR issued straight to the QR", () => {
    expect(detailsStep(gatewayIn(charged))).toEqual({ redirect: { step: "pix" } });
    expect(detailsStep(gatewayIn())).toEqual({ page: { kind: "form" } });
  });

  it("keeps the customer on step 1 until the payer's details are complete and the amount chosen", () => {
    const incomplete = payment({ invalidFields: ["cpf"] });
    expect(bankStep(incomplete)).toEqual(toDetails);
    expect(consentStep(incomplete, "nubank")).toEqual(toDetails);
    expect(consentStep(gatewayIn({ amountEditable: true, paymentMethod: "nubank" }), "nubank")).toEqual(toDetails);
  });

  it("offers Pix from a bank step only when the method is the customer's", () => {
    expect(bankStep(payment())).toEqual({ page: { kind: "bank-choice", offersPix: true } });
    expect(consentStep(payment(), "nubank")).toEqual({
      page: { kind: "consent", bank: "nubank", offersPix: true, changeBank: { step: "banco" } },
    });
    expect(consentStep(gatewayIn({ paymentMethod: "bradesco" }), "bradesco")).toEqual({
      page: { kind: "consent", bank: "bradesco", offersPix: false, changeBank: null },
    });
    expect(consentStep(gatewayIn({ paymentMethod: "bradesco", methodOpen: true }), "bradesco")).toEqual({
      page: { kind: "consent", bank: "bradesco", offersPix: true, changeBank: { step: "details" } },
    });
  });

  it("asks consent only for a known bank, and for Gateway In only the one its form settled on", () => {
    expect(consentStep(payment(), null)).toEqual({ redirect: { step: "banco" } });
    expect(consentStep(payment(), "banco-imaginario")).toEqual({ redirect: { step: "banco" } });
    expect(consentStep(gatewayIn({ paymentMethod: "bradesco" }), "caixa")).toEqual(toDetails);
  });

  it("shows the Pix step once a charge carries its code and deadline", () => {
    expect(pixStep(payment())).toEqual(toDetails);
    expect(pixStep(payment({ ...charged, expiresAt: null }))).toEqual(toDetails);
    expect(pixStep(payment(charged))).toEqual({ page: { kind: "pix", pixCode: charged.pixCode, expiresAt } });
  });

  it("goes from a Gateway In choice to the QR or the bank's consent, and back to step 1 when refused", () => {
    expect(stepAfterCheckout({ ok: true, next: { kind: "pix" } })).toEqual({ step: "pix" });
    expect(stepAfterCheckout({ ok: true, next: { kind: "bank", bank: "caixa" } })).toEqual({
      step: "autorizar",
      bank: "caixa",
    });
    expect(stepAfterCheckout({ ok: false, invalid: [], closed: true })).toEqual({ step: "details" });
  });

  it("addresses each step under the payment's token", () => {
    expect(stepPath("tok", { step: "details" })).toBe("/pay/tok");
    expect(stepPath("tok", { step: "banco" })).toBe("/pay/tok/banco");
    expect(stepPath("tok", { step: "pix" })).toBe("/pay/tok/pix");
    expect(stepPath("tok", { step: "autorizar", bank: "a b&c" })).toBe("/pay/tok/autorizar?banco=a%20b%26c");
    // The sandbox bank's consent screen for the attempt it started.
    expect(stepPath("tok", { step: "autorizar", bank: "nubank", attempt: "ini_1" })).toBe(
      "/pay/tok/autorizar?banco=nubank&tentativa=ini_1",
    );
  });

  it("addresses the live bank steps, with why the customer is back", () => {
    expect(stepPath("tok", { step: "autorizar" })).toBe("/pay/tok/autorizar");
    expect(stepPath("tok", { step: "autorizar", bank: "bradesco", refusal: "indisponivel" })).toBe(
      "/pay/tok/autorizar?banco=bradesco&erro=indisponivel",
    );
    expect(stepPath("tok", { step: "banco", refusal: "recusado" })).toBe("/pay/tok/banco?erro=recusado");
    expect(stepPath("tok", { step: "abrir" })).toBe("/pay/tok/banco/abrir");
    expect(stepPath("tok", { step: "aguardando" })).toBe("/pay/tok/banco/aguardando");
  });
});

describe("the live bank steps", () => {
  const live = (deposit: Partial<Deposit> = {}, state: HostedPayment["state"] = "open") => ({
    ...payment(deposit, state),
    isSimulated: false,
  });
  const liveGatewayIn = (deposit: Partial<Deposit> = {}) =>
    live({ operation: "gateway_in", paymentMethod: "bradesco", methodOpen: false, ...deposit });
  const waiting = { status: "pending", hasBankAddress: true } as const;
  const failed = { status: "failed", hasBankAddress: true } as const;

  it("offers a live customer the initiator's banks, never the sandbox's", () => {
    expect(bankStep(live())).toEqual({ page: { kind: "participant-choice", offersPix: true } });
    // Gateway In's bank is the shop's: no choice.
    expect(bankStep(liveGatewayIn())).toEqual(toDetails);
  });

  it("sends a live link whose shop sent a bank straight to that bank's approval", () => {
    expect(detailsStep(liveGatewayIn())).toEqual({ redirect: { step: "autorizar", bank: "bradesco" } });
    expect(detailsStep(liveGatewayIn({ amountOpen: true }))).toEqual({ page: { kind: "form" } });
    expect(detailsStep(live())).toEqual({ page: { kind: "form" } });
    expect(bankApprovalStep(liveGatewayIn(), "bradesco", null, null)).toEqual({
      page: { kind: "start", bank: "bradesco" },
    });
    expect(bankApprovalStep(liveGatewayIn(), "caixa", null, null)).toEqual(toDetails);
  });

  it("goes on with an attempt under way, and starts a Payment Initiation only from its choice", () => {
    expect(bankApprovalStep(liveGatewayIn(), "bradesco", waiting, null)).toEqual({ redirect: { step: "abrir" } });
    expect(bankApprovalStep(liveGatewayIn(), "bradesco", failed, null)).toEqual({
      redirect: { step: "aguardando" },
    });
    expect(bankApprovalStep(liveGatewayIn(), "bradesco", null, "indisponivel")).toEqual({
      page: { kind: "unreachable", bank: "bradesco", refusal: "indisponivel", offersPix: false },
    });
    expect(bankApprovalStep(live(), null, null, null)).toEqual({ redirect: { step: "banco" } });
    expect(bankApprovalStep(live(), null, waiting, null)).toEqual({ redirect: { step: "abrir" } });
    expect(bankApprovalStep(live(), null, { status: "paid", hasBankAddress: true }, null)).toEqual(toDetails);
    expect(bankApprovalStep(live({ pixTxid: "TXID" }), null, null, null)).toEqual(toDetails);
  });

  it("hands the customer to the bank only while the newest attempt waits for them there", () => {
    expect(openBankStep(live(), waiting)).toEqual({ page: { kind: "to-bank" } });
    expect(openBankStep(live(), { status: "pending", hasBankAddress: false })).toEqual({
      redirect: { step: "aguardando" },
    });
    expect(openBankStep(live(), null)).toEqual({ redirect: { step: "banco" } });
    expect(openBankStep(live({}, "paid"), waiting)).toEqual(toDetails);
    expect(openBankStep(payment(), waiting)).toEqual(toDetails);
  });

  it("waits for the bank, shows the receipt once paid, and after a failure offers another bank and Pix", () => {
    expect(waitingStep(live(), { status: "pending", bankName: "Bradesco" })).toEqual({
      page: { kind: "waiting", bankName: "Bradesco" },
    });
    expect(waitingStep(live({}, "paid"), { status: "paid", bankName: "Bradesco" })).toEqual({
      redirect: { step: "details", fromPayment: true },
    });
    expect(waitingStep(live({}, "expired"), { status: "pending", bankName: "Bradesco" })).toEqual(toDetails);
    expect(waitingStep(live(), { status: "none" })).toEqual({ redirect: { step: "banco" } });
    expect(
      waitingStep(live(), {
        status: "failed",
        bankName: "Bradesco",
        reason: { code: "declined_at_bank", detail: "Recusado" },
      }),
    ).toEqual({
      page: {
        kind: "failed",
        bankName: "Bradesco",
        reason: { code: "declined_at_bank", detail: "Recusado" },
        offersPix: true,
        chooseBank: { step: "banco" },
        retryBank: null,
      },
    });
    // The shop's bank: tried again, no other bank, no Pix.
    expect(
      waitingStep(liveGatewayIn(), {
        status: "failed",
        bankName: "Bradesco",
        reason: { code: "declined_at_bank", detail: "Recusado" },
      }),
    ).toEqual({
      page: {
        kind: "failed",
        bankName: "Bradesco",
        reason: { code: "declined_at_bank", detail: "Recusado" },
        offersPix: false,
        chooseBank: null,
        retryBank: "bradesco",
      },
    });
  });
});
