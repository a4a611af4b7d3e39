// The second and third steps of every Pix deposit: the row with its txid is already committed;
// the provider is called outside any database transaction; its charge is recorded with a
// conditional update. A crash between the call and the update leaves a row with a txid and no
// code, which a replay or reconciliation finishes by calling again under the same txid: the
// provider answers the charge it already made, so a deposit never has two charges.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { type TransactionRecord, findTransaction, recordPixCharge } from "../db/transactions";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { AppError, isAppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import { capabilityOf, findProvider } from "../providers/registry";

/**
 * A charge the customer must never see: its QR would pay something the gateway refuses to credit.
 * The deposit keeps no code (unusable), and the operator is told.
 */
export async function raiseChargeMismatch(deposit: TransactionRecord, detail: string): Promise<void> {
  await raiseOperatorAlert(getDb(), {
    kind: "charge_mismatch",
    subject: deposit.id,
    merchantId: deposit.merchantId,
    objectId: deposit.id,
    amountCents: deposit.amountCents,
    message: `deposit ${deposit.id} has no QR: ${detail}`,
  });
}

/** The deposit with its BR Code, issuing the charge when the row has none yet. */
export async function issuePixCharge(deposit: TransactionRecord): Promise<TransactionRecord & { pixCode: string }> {
  if (deposit.pixCode !== null) return deposit as TransactionRecord & { pixCode: string };
  const txid = deposit.pixTxid;
  if (txid === null) throw new AppError("internal_error", `deposit ${deposit.id} has no txid to issue a charge under`);
  const isPayerValid =
    deposit.customerCpf !== null &&
    deposit.customerName !== null &&
    !deposit.invalidFields.some((f) => f === "cpf" || f === "name");
  const secondsLeft = deposit.expiresAt
    ? Math.floor((deposit.expiresAt.getTime() - Date.now()) / 1000)
    : getConfig().pix.expirationSeconds;
  if (secondsLeft <= 0)
    throw new AppError("state_conflict", `deposit ${deposit.id} expired before its charge could be issued`);
  const charges = capabilityOf(await findProvider(deposit.provider), "charges");
  const charge = await charges
    .createPixCharge({
      txid,
      amountCents: deposit.amountCents,
      expiresInSeconds: secondsLeft,
      payer: isPayerValid ? { cpf: deposit.customerCpf as string, name: deposit.customerName as string } : undefined,
      description: `Pedido ${deposit.reference}`.slice(0, 140),
    })
    .catch(async (error: unknown) => {
      if (isAppError(error) && error.code === "provider_mismatch") await raiseChargeMismatch(deposit, error.detail);
      throw error;
    });
  if (charge.amountCents !== deposit.amountCents) {
    const detail = `the PSP's charge ${txid} is for ${formatAmountDot(charge.amountCents)} BRL, the deposit for ${formatAmountDot(deposit.amountCents)} BRL`;
    await raiseChargeMismatch(deposit, detail);
    throw new AppError("provider_mismatch", detail);
  }
  if (await recordPixCharge({ id: deposit.id, txid, qrCodeText: charge.qrCodeText, location: charge.location })) {
    return { ...deposit, pixCode: charge.qrCodeText, pixLocation: charge.location };
  }
  // Someone else recorded it meanwhile (the same charge, by txid): answer what is stored.
  const stored = await findTransaction(getDb(), deposit.id);
  if (stored?.pixCode == null)
    throw new AppError("state_conflict", `deposit ${deposit.id} changed while its charge was issued`);
  return stored as TransactionRecord & { pixCode: string };
}
