// The sandbox payment initiator, standing in for the customer's bank: the customer authorizes or
// declines, the deposit becomes paid or failed with its callback, and the customer goes back to
// the merchant's success or failure URL.
import { type BankMethod, bankMethods, findBank } from "../banks/bank-directory";
import { getDb } from "../db/client";
import { setTransactionBank } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { newEndToEndId } from "../pix/new-end-to-end-id";
import { SANDBOX_ISPB } from "../providers/sandbox/sandbox-provider";
import { findHostedPayment, merchantReturnUrl } from "./find-hosted-payment";
import { settleDeposit } from "./settle-deposit";

export function isBankMethod(value: unknown): value is BankMethod {
  return bankMethods.includes(value as BankMethod);
}

export async function decideInitiatedPayment(options: {
  token: string;
  bank: string;
  decision: "authorize" | "decline";
}): Promise<{ redirectTo: string | null }> {
  const payment = await findHostedPayment(options.token);
  if (!payment) throw new AppError("not_found", "no payment at this address");
  if (payment.state !== "open") return { redirectTo: null };
  if (payment.deposit.invalidFields.length > 0)
    throw new AppError("validation_failed", "the payer's details are not complete");
  if (payment.deposit.amountEditable) throw new AppError("validation_failed", "the amount has not been chosen");
  if (!payment.isSimulated) {
    throw new AppError("invalid_argument", "the sandbox bank settles only a sandbox merchant's deposits");
  }
  // A Pix charge was issued for it ("Outro banco? Pague com Pix"): that charge pays it, not a bank.
  if (payment.deposit.pixTxid !== null)
    throw new AppError("validation_failed", "a Pix code was issued for this payment: it is paid by Pix");
  if (!isBankMethod(options.bank)) throw new AppError("validation_failed", `unknown bank ${options.bank}`);
  // Gateway In's method was locked or chosen on its form: the bank must be that one.
  if (payment.deposit.operation === "gateway_in" && payment.deposit.paymentMethod !== options.bank) {
    throw new AppError(
      "validation_failed",
      `this payment is to be made with ${payment.deposit.paymentMethod ?? "the method chosen on its form"}`,
    );
  }
  const bank = findBank(options.bank);
  const outcome = options.decision === "authorize" ? "paid" : "failed";
  await getDb().$transaction(async (tx) => {
    await setTransactionBank(tx, payment.deposit.id, bank.code);
    await settleDeposit(
      tx,
      payment.deposit,
      outcome,
      "customer",
      undefined,
      outcome === "paid" ? newEndToEndId(SANDBOX_ISPB) : undefined,
    );
  });
  return { redirectTo: merchantReturnUrl({ ...payment, state: outcome }) };
}
