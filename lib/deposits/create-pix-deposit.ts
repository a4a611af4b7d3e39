// Pix on-page (POST /api/pix): a pending deposit and the BR Code the customer pays in the
// merchant's own page, with its QR image.
import { getConfig } from "../config/config";
import type { MerchantRecord } from "../db/merchants";
import { type TransactionRecord, insertDeposit } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { newId, randomAlphanumeric } from "../ids/new-id";
import { amountToNumber } from "../money/format-amount";
import { renderQrCode } from "../pix/render-qr-code";
import { capabilityOf, providerForRail } from "../providers/registry";
import { createOnce } from "../db/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { issuePixCharge } from "./issue-pix-charge";
import { type PixDepositAnswer, createPixDepositSchema } from "./schemas";

type IssuedDeposit = TransactionRecord & { pixCode: string };

/**
 * The spec's answer for a Pix deposit: its BR Code and the QR image drawn from it, with its status
 * and deadline, so a replay after it ended says the QR can no longer be paid.
 */
export function toPixDepositAnswer(deposit: IssuedDeposit): PixDepositAnswer {
  if (deposit.operation !== "pix" || deposit.expiresAt === null)
    throw new AppError("internal_error", `${deposit.id} is not a Pix deposit with a deadline`);
  return {
    id: deposit.id,
    currency: deposit.currency,
    amount: amountToNumber(deposit.amountCents),
    reference: deposit.reference,
    qrCodeText: deposit.pixCode,
    qrCodeImage: renderQrCode(deposit.pixCode),
    status: deposit.status,
    expires_at: deposit.expiresAt.toISOString(),
  };
}

// Built once: zod compiles a schema on first use, which is too slow to repeat on every request.
let schema: ReturnType<typeof createPixDepositSchema> | undefined;

/** The deposit with its charge; isNew is false when the request replayed an earlier one. */
export async function createPixDeposit(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ deposit: IssuedDeposit; isNew: boolean }> {
  const config = getConfig();
  schema ??= createPixDepositSchema({ maxAmountCents: config.maxAmountCents });
  const request = schema.parse(options.data);
  const requestHash = hashRequest("pix", request);
  return createOnce<{ deposit: IssuedDeposit; isNew: boolean }>({
    merchantId: options.merchant.id,
    reference: request.reference,
    operation: "pix",
    requestHash,
    replay: async (existing) => ({ deposit: await issuePixCharge(existing), isNew: false }),
    create: async () => {
      // Chosen before anything is written: a live merchant without a PSP gets a clear 503.
      const provider = await providerForRail(options.merchant, "charges");
      const deposit = await insertDeposit({
        id: newId("dep"),
        merchantId: options.merchant.id,
        mode: options.merchant.mode,
        ...requestColumns("pix", request),
        requestHash,
        pixTxid: randomAlphanumeric(capabilityOf(provider, "charges").txidLength).toUpperCase(),
        provider: provider.accountId,
        expiresAt: new Date(Date.now() + config.pix.expirationSeconds * 1000),
      });
      return { deposit: await issuePixCharge(deposit), isNew: true };
    },
  });
}
