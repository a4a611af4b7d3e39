// `npm run cashier -- psp return E2EID [--amount]` and the overview's "Devolver" on an unmatched
// Pix: money the PSP holds on the gateway's key that credited no merchant (a Pix with no charge,
// for another amount, or for a deposit that had already ended) goes back to its payer as a
// devolucao. Like every movement: the return is written and audited first, the PSP is asked
// outside any transaction under the return's id (a repeat is the same devolucao), and its answer
// is applied conditionally. It is booked against no merchant: none was ever credited.
import type { AuditActor } from "../audit/record-audit-event";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { type PspReturnRecord, insertPspReturn, sumPspReturnedCents } from "../db/psp-returns";
import { findTransactionByEndToEndId } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import { listLiveProviders } from "../providers/registry";
import type { PaymentProvider, ReceivedPix } from "../providers/contract/payment-provider";
import { submitPspReturn } from "./submit-psp-return";

/** What the PSP shows its payer: the API Pix limits a devolucao's descricao to 140 characters. */
const RETURN_DESCRIPTION = "Devolução de Pix não identificado";

/**
 * The account that received the Pix: unmatched money is at an account's own key, and only the
 * account that holds it can return it. Each live account that takes charges is asked in turn.
 */
async function findReceivingAccount(endToEndId: string): Promise<{ provider: PaymentProvider; pix: ReceivedPix }> {
  const { providers } = await listLiveProviders();
  for (const provider of providers) {
    const pix = await provider.charges?.findReceivedPix(endToEndId);
    if (pix && provider.refunds) return { provider, pix };
  }
  throw new AppError("not_found", `no PSP account knows a Pix ${endToEndId} received on its key`);
}

export async function returnUnmatchedPix(options: {
  endToEndId: string;
  /** Absent: all of the Pix that is not returned yet. */
  amountCents?: bigint;
  actor: AuditActor;
  ip?: string | null;
}): Promise<PspReturnRecord> {
  const { endToEndId, actor } = options;
  if (!/^[A-Za-z0-9]{32}$/.test(endToEndId)) {
    throw new AppError(
      "invalid_argument",
      `E2EID: "${endToEndId}" is not an end-to-end id (32 letters and digits, E…)`,
    );
  }
  const credited = await findTransactionByEndToEndId(getDb(), endToEndId);
  if (credited) {
    throw new AppError(
      "state_conflict",
      `Pix ${endToEndId} paid deposit ${credited.id} and credited its merchant: it is refunded through POST /api/refund (the merchant's), not returned`,
    );
  }
  const { provider, pix } = await findReceivingAccount(endToEndId);
  const returnedAtPsp = pix.refunds
    .filter((refund) => refund.status !== "failed")
    .reduce((sum, refund) => sum + refund.amountCents, 0n);

  const created = await getDb().$transaction(async (tx) => {
    // Returns the PSP already lists are counted there; those it does not list yet, here.
    const returnedHere = await sumPspReturnedCents(tx, endToEndId);
    const left = pix.amountCents - (returnedAtPsp > returnedHere ? returnedAtPsp : returnedHere);
    const amountCents = options.amountCents ?? left;
    if (amountCents <= 0n || amountCents > left) {
      throw new AppError(
        "invalid_argument",
        left <= 0n
          ? `nothing is left to return of Pix ${endToEndId} (${formatAmountDot(pix.amountCents)} BRL, returned or being returned)`
          : `--amount must be more than 0.00 and at most ${formatAmountDot(left)} BRL, what is left of Pix ${endToEndId}`,
      );
    }
    const row = await insertPspReturn(tx, {
      id: newId("ret"),
      endToEndId,
      amountCents,
      provider: provider.accountId,
      requestedBy: actor.email,
    });
    await recordAuditEvent(tx, {
      actor,
      action: "pix.returned",
      targetType: "pix",
      targetId: endToEndId,
      merchantId: null,
      ip: options.ip ?? null,
      detail: { return_id: row.id, amount: formatAmountDot(amountCents) },
    });
    return row;
  });
  try {
    return await submitPspReturn(created, RETURN_DESCRIPTION);
  } catch (error) {
    // Written and audited: reconciliation asks the PSP again under the same id.
    log.warn("return not submitted to the PSP; reconciliation asks again", {
      returnId: created.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return created;
  }
}
