// A MED infraction the PSP listed against a Pix a deposit received becomes a dispute: once per
// infraction of an account, whoever finds it first (reconciliation in one process or three, a
// sandbox simulation). What the dispute holds is reserved from the merchant's balance in the same
// transaction, so a payout cannot spend it while the merchant answers, and dispute.opened goes to
// the outbox with it.
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { getDb } from "../db/client";
import { type DisputeRecord, findDisputeOfProvider, insertDispute, listDepositDisputes } from "../db/disputes";
import { isUniqueViolation } from "../db/errors";
import { lockMerchantFunds } from "../db/ledger";
import { findTransactionByEndToEndId } from "../db/transactions";
import { sumReturnableCents } from "../funds/cap-dispute-holds";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { newId } from "../ids/new-id";
import { formatAmountDot } from "../money/format-amount";
import type { ProviderDispute } from "../providers/contract/payment-provider";
import { isPaid } from "../transactions/statuses";
import { disputeFieldsOf } from "./dispute-callback-data";
import type { DisputeOpenedCallbackData } from "./schemas";

/** The dispute, whether this call opened it, and its dispute.opened callback's event id when it did. */
export type OpenDisputeOutcome = { dispute: DisputeRecord | null; isNew: boolean; eventId: string | null };

export async function openDispute(accountId: string, report: ProviderDispute): Promise<OpenDisputeOutcome> {
  const deposit = await findTransactionByEndToEndId(getDb(), report.endToEndId);
  if (!deposit || !isPaid(deposit.status) || deposit.provider !== accountId) {
    // The Pix credited no merchant through this account: nobody to tell or to hold, but an
    // infraction against the PSP account still needs its holder's answer.
    await raiseOperatorAlert(getDb(), {
      kind: "unmatched_dispute",
      subject: `${accountId}/${report.providerDisputeId}`,
      amountCents: report.amountCents,
      message: `the PSP opened infraction ${report.providerDisputeId} (${formatAmountDot(report.amountCents)} BRL) against Pix ${report.endToEndId}, which paid no deposit of this account; answer it at the PSP by ${report.respondBy.toISOString()}`,
    });
    return { dispute: null, isNew: false, eventId: null };
  }
  try {
    return await getDb().$transaction(async (tx) => {
      await lockMerchantFunds(tx, deposit.merchantId);
      const existing = await findDisputeOfProvider(tx, accountId, report.providerDisputeId);
      if (existing) return { dispute: existing, isNew: false, eventId: null };
      // No more than the deposit can still return, less what its other disputes hold of it: a
      // deposit refunded in full holds nothing.
      const others = await listDepositDisputes(tx, deposit.id);
      const room = (await sumReturnableCents(tx, deposit)) - others.reduce((sum, other) => sum + other.heldCents, 0n);
      const heldCents = report.amountCents < room ? report.amountCents : room > 0n ? room : 0n;
      const id = newId("dsp");
      const dispute = await insertDispute(tx, {
        id,
        merchantId: deposit.merchantId,
        depositId: deposit.id,
        mode: deposit.mode,
        provider: accountId,
        providerDisputeId: report.providerDisputeId,
        endToEndId: report.endToEndId,
        amountCents: report.amountCents,
        heldCents,
        reasonCode: report.reasonCode,
        reason: report.reason,
        pspStatus: report.pspStatus,
        openedAt: report.openedAt,
        respondBy: report.respondBy,
      });
      if (heldCents > 0n)
        await recordFundsMovement(tx, {
          merchantId: deposit.merchantId,
          mode: deposit.mode,
          kind: "reserve",
          amountCents: heldCents,
          transactionId: deposit.id,
          memo: `dispute ${id}`,
        });
      const eventId = await enqueueCallback(tx, {
        merchantId: deposit.merchantId,
        objectId: id,
        requestId: null,
        mode: deposit.mode,
        type: "dispute.opened",
        data: { ...disputeFieldsOf(dispute), status: "open" } satisfies DisputeOpenedCallbackData,
      });
      return { dispute, isNew: true, eventId };
    });
  } catch (error) {
    // Inserted meanwhile by another reconciler that listed the same infraction.
    if (!isUniqueViolation(error)) throw error;
    return {
      dispute: await findDisputeOfProvider(getDb(), accountId, report.providerDisputeId),
      isNew: false,
      eventId: null,
    };
  }
}
