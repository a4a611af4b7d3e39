// Gateway Out (POST /api/gateway-out): a pending payout that reserves its amount from the
// merchant's available funds, all in one transaction.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { lockMerchantFunds, sumMerchantLedger } from "../db/ledger";
import type { MerchantRecord } from "../db/merchants";
import { insertTransaction } from "../db/transactions";
import type { EnvelopeResult } from "../envelope/with-envelope";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { newId } from "../ids";
import { formatAmountDot } from "../money/format-amount";
import { defaultProvider } from "../providers/find-provider";
import { createOnce } from "../transactions/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { createGatewayOutSchema } from "./schemas";

let schema: ReturnType<typeof createGatewayOutSchema> | undefined;

export async function createPayout(options: { merchant: MerchantRecord; data: unknown }): Promise<EnvelopeResult> {
  schema ??= createGatewayOutSchema({ maxAmountCents: getConfig().maxAmountCents });
  const request = schema.parse(options.data);
  const requestHash = hashRequest("gateway_out", request);
  const merchantId = options.merchant.id;
  return createOnce({
    merchantId,
    reference: request.reference,
    operation: "gateway_out",
    requestHash,
    replay: async (existing) => ({ code: 200, data: { transfer_id: existing.id } }),
    create: async () => {
      const id = newId("po");
      await getDb().$transaction(async (tx) => {
        // One payout of this merchant at a time past this line, until commit.
        await lockMerchantFunds(tx, merchantId);
        // Inserted before the balance check, so a replay meets its reference, not the balance.
        await insertTransaction(tx, {
          id,
          merchantId,
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
          provider: defaultProvider.name,
        });
        const { availableCents } = await sumMerchantLedger(tx, merchantId);
        if (availableCents < request.amount) {
          throw new AppError(
            "insufficient_funds",
            `available balance is ${formatAmountDot(availableCents)} BRL; this payout needs ${formatAmountDot(request.amount)} BRL`,
          );
        }
        await recordFundsMovement(tx, { merchantId, kind: "reserve", amountCents: request.amount, transactionId: id });
      });
      return { code: 201, data: { transfer_id: id } };
    },
  });
}
