// A customer picked their bank on the hosted page: the payment is started at the account's Open
// Finance initiator (a live account's, or the sandbox bank for a sandbox merchant: each deposit
// is started at the account that issued it) and the customer is sent to their bank to approve it. The attempt is
// written (and committed) before the initiator is called, its id the initiator's idempotency key,
// so a double submit, a reload or a retry after a timeout is the same payment at the initiator.
import { getDb } from "../db/client";
import { changeStatus } from "../db/change-status";
import {
  type InitiationRecord,
  insertInitiation,
  listDepositInitiations,
  recordInitiationStarted,
} from "../db/initiations";
import { type HostedPayment, findHostedPayment } from "../deposits/find-hosted-payment";
import { AppError, isAppError } from "../errors/app-error";
import { newId } from "../ids/new-id";
import { capabilityOf, findProvider } from "../providers/registry";
import type { BankMethod } from "../banks/bank-directory";
import { findMethodBank, findParticipantBank } from "./list-participant-banks";

/** Why the payment cannot go to a bank now, or null. */
function refusalOf(payment: HostedPayment): AppError | null {
  const { deposit } = payment;
  if (payment.state !== "open") return new AppError("state_conflict", "this payment has ended");
  if (deposit.invalidFields.length > 0 || deposit.customerCpf === null)
    return new AppError("validation_failed", "the payer's details are not complete");
  if (deposit.amountEditable) return new AppError("validation_failed", "the amount has not been chosen");
  // A Pix charge was issued for it ("Pague com Pix"): that charge pays it, not a bank.
  if (deposit.pixTxid !== null)
    return new AppError("validation_failed", "a Pix code was issued for this payment: it is paid by Pix");
  return null;
}

/**
 * Starts the payment at the bank the customer picked (`participantId`, from the bank choice), or
 * at the one the shop sent (`method`, Gateway In's bank: its participant on the initiator's list).
 */
export async function startBankInitiation(options: {
  token: string;
  participantId?: string;
  method?: BankMethod;
}): Promise<{ initiationId: string; redirectTo: string }> {
  const payment = await findHostedPayment(options.token);
  if (!payment) throw new AppError("not_found", "no payment at this address");
  const refusal = refusalOf(payment);
  if (refusal) throw refusal;
  const { deposit } = payment;
  const provider = await findProvider(deposit.provider);
  const initiations = capabilityOf(provider, "initiations");
  const bank = options.method
    ? await findMethodBank(provider, options.method)
    : await findParticipantBank(provider, options.participantId ?? "");
  // Gateway In's bank, sent by the shop or chosen on its form: only that bank's approval pays it.
  if (deposit.operation === "gateway_in" && deposit.paymentMethod !== "pix" && deposit.paymentMethod !== bank.method)
    throw new AppError("validation_failed", `bank: this payment is to be made at ${deposit.paymentMethod}`, [
      { path: "bank", message: `must be ${deposit.paymentMethod}` },
    ]);

  const attempts = await listDepositInitiations(getDb(), deposit.id);
  if (attempts.some((attempt) => attempt.status === "paid"))
    throw new AppError("state_conflict", "this payment was already approved at a bank");
  // The same bank again (a reload, a double submit, back from the bank without deciding): the
  // payment already started there, or the same start again when its answer never came.
  const same = attempts.find((attempt) => attempt.status === "pending" && attempt.participantId === bank.id);
  if (same?.redirectUrl) return { initiationId: same.id, redirectTo: same.redirectUrl };
  const attempt: InitiationRecord =
    same ??
    (await insertInitiation(getDb(), {
      id: newId("ini"),
      depositId: deposit.id,
      provider: provider.accountId,
      participantId: bank.id,
      participantName: bank.name,
    }));

  let started;
  try {
    started = await initiations.startInitiation({
      initiationId: attempt.id,
      depositId: deposit.id,
      participantId: bank.id,
      amountCents: deposit.amountCents,
      payer: { cpf: deposit.customerCpf as string },
      description: `Pedido ${deposit.reference}`.slice(0, 140),
    });
  } catch (error) {
    // The initiator said no (the bank is not taking payments, the amount is refused): this attempt
    // is over, and the customer may pick another bank or pay by Pix. Not knowing leaves it pending,
    // to be started again under the same id.
    if (isAppError(error) && error.code === "provider_error")
      await changeStatus(getDb(), "initiation", {
        id: attempt.id,
        from: "pending",
        to: "failed",
        at: new Date(),
        reasonCode: "initiator_refused",
        reason: error.detail,
      });
    throw error;
  }
  await recordInitiationStarted(getDb(), attempt.id, started);
  return { initiationId: attempt.id, redirectTo: started.redirectUrl };
}
