// The sandbox bank behind the initiation contract: its participants are the interface's five
// banks, and its "bank page" is the gateway's own consent screen (/pay/{token}/autorizar), where a
// sandbox customer authorizes or declines. It keeps no state of its own: the customer's answer is
// recorded on the attempt the gateway stored (lib/db/initiations' recordSandboxBankAnswer), and
// that recorded answer is what this bank says when asked. A refund completes at once, as the
// sandbox's other refunds do.
import { bankDirectory, isBankMethod } from "../../banks/bank-directory";
import { getDb } from "../../db/client";
import { findInitiation as findStoredInitiation } from "../../db/initiations";
import { findTransaction } from "../../db/transactions";
import { AppError } from "../../errors/app-error";
import type { InitiationCapability, ProviderInitiation } from "../contract/payment-provider";

/** The account id sandbox attempts are stored under (the sandbox provider's). */
export const SANDBOX_ACCOUNT_ID = "sandbox";

/** The sandbox bank's payment id: the attempt's own id, so one attempt is one payment. */
export const sandboxPaymentId = (initiationId: string) => `sbx_${initiationId}`;

/**
 * The consent screen for one attempt, relative to the payment's own pages (app/pay/[token]/autorizar,
 * `tentativa` naming the stored attempt): the attempt's stored address never holds the payment's
 * token, which the hosted pages add when they send the customer there.
 */
function consentPath(bank: string, initiationId: string): string {
  return `autorizar?banco=${encodeURIComponent(bank)}&tentativa=${encodeURIComponent(initiationId)}`;
}

async function findInitiation({
  initiationId,
  providerPaymentId,
}: {
  initiationId: string;
  providerPaymentId: string;
}): Promise<ProviderInitiation | null> {
  const attempt = await findStoredInitiation(getDb(), initiationId);
  // Only a payment this bank started: the attempt's own, under its own payment id.
  if (
    !attempt ||
    attempt.provider !== SANDBOX_ACCOUNT_ID ||
    attempt.providerPaymentId !== providerPaymentId ||
    providerPaymentId !== sandboxPaymentId(initiationId)
  )
    return null;
  const deposit = await findTransaction(getDb(), attempt.depositId);
  if (!deposit) return null;
  // The customer's recorded answer: an end-to-end id once authorized, a reason once declined.
  const status = attempt.endToEndId !== null ? "paid" : attempt.reason !== null ? "failed" : "pending";
  return {
    initiationId,
    providerPaymentId,
    status,
    amountCents: deposit.amountCents,
    endToEndId: attempt.endToEndId,
    failureReason: status === "failed" ? attempt.reason : null,
    refunds: [],
  };
}

export const sandboxInitiations: InitiationCapability = {
  listParticipants: async () => bankDirectory.map((bank) => ({ id: bank.method, name: bank.name, logoUrl: null })),
  async startInitiation({ initiationId, depositId, participantId }) {
    const deposit = await findTransaction(getDb(), depositId);
    if (!deposit?.payTokenHash) throw new AppError("provider_error", "the sandbox bank knows no such payment");
    if (!isBankMethod(participantId))
      throw new AppError("provider_error", `the sandbox bank has no participant ${participantId}`);
    return {
      providerPaymentId: sandboxPaymentId(initiationId),
      redirectUrl: consentPath(participantId, initiationId),
    };
  },
  findInitiation,
  async refundInitiation({ refundId, amountCents }) {
    return {
      refundId,
      status: "completed",
      amountCents,
      providerRefundId: null,
      failureReason: null,
      nature: "original",
    };
  },
  // The sandbox bank's page is the gateway's own: no customer comes back by the return address.
  readReturn: () => null,
  // Nothing to tell: the consent screen and its answer are the gateway's own.
  configure: async () => {},
};
