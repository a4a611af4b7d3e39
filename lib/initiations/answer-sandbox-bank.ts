// The sandbox bank's consent screen (/pay/{token}/autorizar?banco=…&tentativa=…), answered: the
// customer's authorize or decline is recorded on the attempt as the sandbox bank's word, then
// confirmed and applied by the same confirmInitiation as a live initiator's, so a sandbox deposit
// is paid the way a live one is (deposit.paid once, funds credited, refunds through the
// initiations capability). A decline fails the attempt, not the deposit, as a live bank's refusal
// does: the customer may try another bank or Pix until the link expires (docs/decisions.md).
import { findBank, isBankMethod } from "../banks/bank-directory";
import { getDb } from "../db/client";
import { type InitiationRecord, findInitiation, recordSandboxBankAnswer } from "../db/initiations";
import { setTransactionBank } from "../db/transactions";
import { type HostedPayment, findHostedPayment } from "../deposits/find-hosted-payment";
import { AppError } from "../errors/app-error";
import { isIdOf } from "../ids/new-id";
import { newEndToEndId } from "../pix/new-end-to-end-id";
import { SANDBOX_ACCOUNT_ID } from "../providers/sandbox/sandbox-initiations";
import { SANDBOX_ISPB } from "../providers/sandbox/sandbox-provider";
import { confirmInitiation } from "./confirm-initiation";

/** What the sandbox bank tells the gateway when the customer declines. */
const DECLINED = "Pagamento recusado pelo cliente no banco sandbox";

/** The attempt, when it is this sandbox payment's at the sandbox bank; never found by its id alone. */
async function findPaymentAttempt(payment: HostedPayment, initiationId: string): Promise<InitiationRecord | null> {
  // Unverified text from an address: only the shape of an attempt id reaches the database.
  if (!isIdOf("ini", initiationId)) return null;
  const attempt = await findInitiation(getDb(), initiationId);
  if (!attempt || attempt.depositId !== payment.deposit.id || attempt.provider !== SANDBOX_ACCOUNT_ID) return null;
  return attempt;
}

/**
 * The attempt a consent screen's address names (`initiationId`, unverified, from the customer's
 * address bar) at `bank`, when it is this sandbox payment's and still waits for an answer; else null.
 */
export async function findSandboxBankAttempt(
  payment: HostedPayment,
  initiationId: string | null,
  bank: string,
): Promise<{ id: string } | null> {
  if (!payment.isSimulated || !initiationId) return null;
  const attempt = await findPaymentAttempt(payment, initiationId);
  if (!attempt || attempt.participantId !== bank || attempt.status !== "pending") return null;
  return { id: attempt.id };
}

/**
 * The customer's decision at the sandbox bank for one attempt (`initiationId`, unverified, from the
 * consent screen's address). Answers how the attempt stands after it (paid, failed, or still
 * pending when the payment had ended before the answer), for the page to say.
 */
export async function answerSandboxBank(options: {
  token: string;
  initiationId: string;
  decision: "authorize" | "decline";
}): Promise<InitiationRecord["status"]> {
  const payment = await findHostedPayment(options.token);
  if (!payment) throw new AppError("not_found", "no payment at this address");
  if (payment.state !== "open") return "pending";
  // A live customer never meets the sandbox bank.
  if (!payment.isSimulated)
    throw new AppError("invalid_argument", "the sandbox bank settles only a sandbox merchant's deposits");
  const { deposit } = payment;
  // A Pix charge was issued for it ("Outro banco? Pague com Pix"): that charge pays it, not a bank.
  if (deposit.pixTxid !== null)
    throw new AppError("validation_failed", "a Pix code was issued for this payment: it is paid by Pix");
  const attempt = await findPaymentAttempt(payment, options.initiationId);
  if (!attempt) throw new AppError("not_found", "no attempt of this payment at the sandbox bank");
  // Gateway In's method may have changed on its form since: only that bank's approval pays it.
  if (deposit.operation === "gateway_in" && deposit.paymentMethod !== attempt.participantId)
    throw new AppError(
      "validation_failed",
      `this payment is to be made with ${deposit.paymentMethod ?? "the method chosen on its form"}`,
    );

  // The first answer stands: a second (another tab, a double submit) only confirms it again.
  await recordSandboxBankAnswer(
    getDb(),
    attempt.id,
    options.decision === "authorize" ? { endToEndId: newEndToEndId(SANDBOX_ISPB) } : { reason: DECLINED },
  );
  if (isBankMethod(attempt.participantId))
    await setTransactionBank(getDb(), deposit.id, findBank(attempt.participantId).code);
  await confirmInitiation(attempt);
  return (await findInitiation(getDb(), attempt.id))?.status ?? "pending";
}
