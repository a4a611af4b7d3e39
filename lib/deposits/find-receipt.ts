// What a paid deposit's receipt says beyond its row: how it was paid. A Payment Initiation (or a
// Gateway In bank) is a Pix the payer's bank sent, started at the bank of its paid attempt; any
// other paid deposit was paid by a Pix code.
import { getDb } from "../db/client";
import { listDepositInitiations } from "../db/initiations";
import type { DepositRecord } from "../db/transactions";

export type Receipt = {
  /** The bank the payer approved the Pix at, or null for a Pix code paid from any bank's app. */
  bankName: string | null;
  /** The Pix's end-to-end id (E2E), the id the payer's bank shows; null when the provider gave none. */
  endToEndId: string | null;
  /** The shop's order reference. */
  reference: string;
  paidAt: Date;
};

export async function findReceipt(deposit: DepositRecord): Promise<Receipt> {
  const attempts = await listDepositInitiations(getDb(), deposit.id);
  const paidAttempt = attempts.find((attempt) => attempt.status === "paid");
  return {
    bankName: paidAttempt?.participantName ?? null,
    endToEndId: deposit.pixEndToEndId,
    reference: deposit.reference,
    paidAt: deposit.settledAt ?? deposit.updatedAt,
  };
}
