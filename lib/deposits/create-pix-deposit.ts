// Pix on-page (POST /api/pix): a pending deposit and the BR Code the customer pays in the
// merchant's own page, with its QR image.
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import type { MerchantRecord } from "../db/merchants";
import { type TransactionRecord, insertTransaction } from "../db/transactions";
import type { EnvelopeResult } from "../envelope/with-envelope";
import { newId, randomAlphanumeric } from "../ids";
import { amountToNumber } from "../money/format-amount";
import { renderQrCode } from "../pix/render-qr-code";
import { providerForMode } from "../providers/find-provider";
import { createOnce } from "../transactions/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { issuePixCharge } from "./issue-pix-charge";
import { createPixDepositSchema } from "./schemas";

function pixAnswer(deposit: TransactionRecord & { pixCode: string }, code: 200 | 201): EnvelopeResult {
  const qrCodeText = deposit.pixCode;
  return {
    code,
    data: {
      id: deposit.id,
      currency: deposit.currency,
      amount: amountToNumber(deposit.amountCents),
      reference: deposit.reference,
      qrCodeText,
      qrCodeImage: renderQrCode(qrCodeText),
    },
  };
}

// Built once: zod compiles a schema on first use, which is too slow to repeat on every request.
let schema: ReturnType<typeof createPixDepositSchema> | undefined;

export async function createPixDeposit(options: { merchant: MerchantRecord; data: unknown }): Promise<EnvelopeResult> {
  const config = getConfig();
  schema ??= createPixDepositSchema({ maxAmountCents: config.maxAmountCents });
  const request = schema.parse(options.data);
  const requestHash = hashRequest("pix", request);
  return createOnce({
    merchantId: options.merchant.id,
    reference: request.reference,
    operation: "pix",
    requestHash,
    replay: async (existing) => pixAnswer(await issuePixCharge(existing), 200),
    create: async () => {
      // Chosen before anything is written: a live merchant without a PSP gets a clear 503.
      const provider = providerForMode(options.merchant.mode);
      const deposit = await insertTransaction(getDb(), {
        id: newId("dep"),
        merchantId: options.merchant.id,
        mode: options.merchant.mode,
        ...requestColumns("pix", request),
        requestHash,
        brand: request.brand ?? null,
        pixTxid: randomAlphanumeric(provider.txidLength).toUpperCase(),
        provider: provider.name,
        expiresAt: new Date(Date.now() + config.pix.expirationSeconds * 1000),
      });
      return pixAnswer(await issuePixCharge(deposit), 201);
    },
  });
}
