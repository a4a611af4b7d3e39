// The sandbox bank's consent screen (/pay/{token}/autorizar?banco=…&tentativa=…), answered: the
// customer's authorize or decline is recorded on the attempt as the sandbox bank's word, then
// confirmed and applied by the same confirmInitiation as a live initiator's, so a sandbox deposit
// is paid the way a live one is (deposit.paid once, funds credited, refunds through the
// initiations capability). Unlike a live bank's refusal, which leaves the deposit open for another
// bank or Pix, a sandbox decline ends the deposit failed with deposit.failed and sends the
// customer to the merchant's failedRedirectUrl: the sandbox is where a merchant builds against
// that callback, as docs/api.md describes.
import { findBank, isBankMethod } from "../banks/bank-directory";
import { getDb } from "../db/client";
import { type InitiationRecord, findInitiation, recordSandboxBankAnswer } from "../db/initiations";
import { findTransaction, setTransactionBank } from "../db/transactions";
import { type HostedPayment, findHostedPayment, merchantReturnUrl } from "../deposits/find-hosted-payment";
import { settleDeposit } from "../deposits/settle-deposit";
import { AppError, isAppError } from "../errors/app-error";
import { isIdOf } from "../ids/new-id";
import { newEndToEndId } from "../pix/new-end-to-end-id";
import { SANDBOX_ACCOUNT_ID } from "../providers/sandbox/sandbox-initiations";
import { SANDBOX_ISPB } from "../providers/sandbox/sandbox-provider";
import { isPending } from "../transactions/statuses";
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

/** The deposit ended failed after its sandbox attempt failed; once, however often it is asked. */
async function failDeposit(depositId: string): Promise<void> {
  const deposit = await findTransaction(getDb(), depositId);
  if (!deposit || deposit.operation === "gateway_out" || !isPending(deposit.status)) return;
  try {
    await getDb().$transaction((tx) =>
      settleDeposit(tx, deposit, { outcome: "failed", reasonCode: "customer_declined" }, "customer"),
    );
  } catch (error) {
    // Paid or ended meanwhile: that outcome stands.
    if (!isAppError(error) || error.code !== "state_conflict") throw error;
  }
}

/**
 * The customer's decision at the sandbox bank for one attempt (`initiationId`, unverified, from the
 * consent screen's address). Answers the merchant's URL to go back to, or null to show the
 * payment's own page (already ended, or a URL no Location header can carry).
 */
export async function answerSandboxBank(options: {
  token: string;
  initiationId: string;
  decision: "authorize" | "decline";
}): Promise<{ redirectTo: string | null }> {
  const payment = await findHostedPayment(options.token);
  if (!payment) throw new AppError("not_found", "no payment at this address");
  if (payment.state !== "open") return { redirectTo: null };
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
  // Read again rather than trusting the outcome: a repeat after a crash between the two finishes it.
  if ((await findInitiation(getDb(), attempt.id))?.status === "failed") await failDeposit(deposit.id);
  const after = await findHostedPayment(options.token);
  return { redirectTo: after && after.state !== "open" ? merchantReturnUrl(after) : null };
}
