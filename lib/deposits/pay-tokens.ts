// A hosted payment's token as deposits use it: issued with its deposit, found by its hash, opened
// again for the answers that give the page's address (what is stored: lib/crypto/pay-token).
import { getConfig } from "../config/config";
import { type StoredPayToken, newPayToken, openPayToken, payTokenHash, storePayToken } from "../crypto/pay-token";
import { getDb } from "../db/client";
import { type DepositRecord, type TransactionRecord, findTransactionByPayTokenHash } from "../db/transactions";
import { AppError } from "../errors/app-error";

/** A new token for the deposit about to be written under this id, and the columns that store it. */
export function issuePayToken(depositId: string): { payToken: string; stored: StoredPayToken } {
  const payToken = newPayToken();
  return { payToken, stored: storePayToken(getConfig().encryptionKeys, depositId, payToken) };
}

/** The deposit behind a hosted page's token (unverified, from the customer's address bar), or null. */
export async function findDepositByPayToken(token: string): Promise<DepositRecord | null> {
  const hash = payTokenHash(token);
  return hash === null ? null : findTransactionByPayTokenHash(getDb(), hash);
}

/** The token of a deposit with a hosted page. */
export function payTokenOf(deposit: Pick<TransactionRecord, "id" | "payTokenSealed">): string {
  if (!deposit.payTokenSealed) throw new AppError("internal_error", `deposit ${deposit.id} has no hosted page`);
  return openPayToken(getConfig().encryptionKeys, deposit.id, deposit.payTokenSealed);
}
