import { isUniqueViolation } from "./errors";
import { type TransactionRecord, findMerchantTransaction } from "./transactions";
import { AppError } from "../errors/app-error";

/**
 * Contract section 3: a reference is unique per merchant across all operations. The same request
 * again gets the original answer (replayed, code 200); other data under the reference is a 409.
 * Two concurrent requests create one transaction: the database's unique constraint decides, and
 * the loser answers as a replay.
 */
export async function createOnce<R>(options: {
  merchantId: string;
  reference: string;
  operation: string;
  requestHash: string;
  create: () => Promise<R>;
  replay: (existing: TransactionRecord) => Promise<R>;
}): Promise<R> {
  const answerExisting = (existing: TransactionRecord) => {
    if (existing.operation !== options.operation || existing.requestHash !== options.requestHash) {
      throw new AppError(
        "reference_conflict",
        `reference "${options.reference}" was already used for ${existing.id} with other data; use a new reference for a new transaction`,
      );
    }
    return options.replay(existing);
  };
  // Insert first and look only when the reference is taken: a new reference, the usual case,
  // costs no extra query.
  try {
    return await options.create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findMerchantTransaction(options.merchantId, { reference: options.reference });
    if (!existing) throw error;
    return answerExisting(existing);
  }
}
