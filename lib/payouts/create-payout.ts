// Gateway Out (POST /api/gateway-out): a pending payout that reserves its amount from the
// merchant's available funds, all in one transaction. A live merchant's payout at an account that
// can transfer is then sent (unless the merchant holds payouts for an operator's approval): the
// request waits for the PSP's first answer, bounded by its timeout, and answers 201 whatever it
// is; the outcome reaches the merchant as the payout's callback.
import { getConfig } from "../config/config";
import { type DbOrTx, getDb } from "../db/client";
import { summarizeDisputeHolds } from "../db/disputes";
import { lockMerchantFunds, readMerchantBalance } from "../db/ledger";
import type { MerchantRecord } from "../db/merchants";
import { findTransaction, insertTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { newId } from "../ids/new-id";
import { formatAmountDot } from "../money/format-amount";
import { log } from "../log/logger";
import { providerForRail } from "../providers/registry";
import { createOnce } from "../db/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { needsApproval } from "./needs-approval";
import { createGatewayOutSchema } from "./schemas";
import { sendPayout } from "./send-payout";

let schema: ReturnType<typeof createGatewayOutSchema> | undefined;

/** The payout's transfer id; isNew is false when the request replayed an earlier one. */
export async function createPayout(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ transferId: string; isNew: boolean }> {
  schema ??= createGatewayOutSchema({ maxAmountCents: getConfig().maxAmountCents });
  const request = schema.parse(options.data);
  const requestHash = hashRequest("gateway_out", request);
  const { id: merchantId, mode } = options.merchant;
  // The mode decides where the money leaves, and which funds pay for it: a sandbox merchant's
  // money never meets a real provider.
  const provider = await providerForRail(options.merchant, "payouts");
  const created = await createOnce<{ transferId: string; isNew: boolean }>({
    merchantId,
    reference: request.reference,
    operation: "gateway_out",
    requestHash,
    replay: async (existing) => ({ transferId: existing.id, isNew: false }),
    create: async () => {
      const id = newId("po");
      await getDb().$transaction(async (tx) => {
        // One payout of this merchant at a time past this line, until commit.
        await lockMerchantFunds(tx, merchantId);
        // Inserted before the balance check, so a replay meets its reference, not the balance.
        await insertTransaction(tx, {
          id,
          merchantId,
          mode,
          ...requestColumns("gateway_out", request),
          requestHash,
          paymentMethod: request.paymentMethod,
          ...(request.destination.kind === "pix"
            ? { pixKey: request.destination.pixKey }
            : {
                bankCode: request.destination.bankCode,
                branch: request.destination.branch,
                account: request.destination.account,
                accountType: request.destination.accountType,
              }),
          provider: provider.accountId,
        });
        const { availableCents } = await readMerchantBalance(tx, merchantId, mode);
        if (availableCents < request.amount) {
          // Below zero after the PSP took money back on its own (a MED claw-back): say so, or the
          // merchant would not understand why a balance they remember as positive refuses.
          const owed =
            availableCents < 0n
              ? "; it is below zero because the PSP returned money to a payer (see refund.completed with reason_code)"
              : "";
          throw new AppError(
            "insufficient_funds",
            `available balance is ${formatAmountDot(availableCents)} BRL; this payout needs ${formatAmountDot(request.amount)} BRL${owed}${await describeDisputeHolds(tx, merchantId, mode)}`,
          );
        }
        await recordFundsMovement(tx, {
          merchantId,
          mode,
          kind: "reserve",
          amountCents: request.amount,
          transactionId: id,
        });
      });
      return { transferId: id, isNew: true };
    },
  });
  if (created.isNew && provider.transfers && !needsApproval(options.merchant, request.amount)) {
    await send(created.transferId);
  }
  return created;
}

/** What disputes hold of the balance, named, so a merchant sees why money it received cannot leave. */
async function describeDisputeHolds(tx: DbOrTx, merchantId: string, mode: string): Promise<string> {
  const { heldCents, ids } = await summarizeDisputeHolds(tx, merchantId, mode);
  if (heldCents === 0n) return "";
  const named = ids.join(", ") + (ids.length === 10 ? ", …" : "");
  return `; ${formatAmountDot(heldCents)} BRL is held by disputes (${named}) until they are decided or their payer's money is returned: see POST /api/disputes`;
}

/** Never fails the create: a send not started or not answered is resumed by reconciliation. */
async function send(transferId: string): Promise<void> {
  try {
    const payout = await findTransaction(getDb(), transferId);
    if (payout?.operation === "gateway_out") await sendPayout(payout, { actor: "system" });
  } catch (error) {
    log.warn("payout not sent at its creation; reconciliation sends it", {
      transferId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
