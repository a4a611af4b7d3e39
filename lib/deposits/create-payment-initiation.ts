// Payment Initiation (POST /api/payment-initiation): a pending deposit and the unique URL where
// the customer pays from a bank account, then returns to the merchant's success or failure URL.
import { getConfig } from "../config/config";
import type { MerchantRecord } from "../db/merchants";
import { type TransactionRecord, insertDeposit } from "../db/transactions";
import { newId } from "../ids/new-id";
import { formatAmountComma } from "../money/format-amount";
import { AppError } from "../errors/app-error";
import { capabilityOf, providerForRail } from "../providers/registry";
import { checkRedirectUrls } from "../transactions/check-redirect-url";
import { createOnce } from "../db/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { issuePayToken, payTokenOf } from "./pay-tokens";
import { type PaymentInitiationAnswer, createPaymentInitiationSchema } from "./schemas";

let schema: ReturnType<typeof createPaymentInitiationSchema> | undefined;

/** The hosted page's address: PUBLIC_BASE_URL + /pay/{token}. */
export function paymentPageUrl(payToken: string): string {
  return `${getConfig().publicBaseUrl}/pay/${payToken}`;
}

/** The spec's answer: the deposit and the hosted page's URL. */
export function toPaymentInitiationAnswer(deposit: TransactionRecord): PaymentInitiationAnswer {
  return {
    id: deposit.id,
    currency: deposit.currency,
    amount: formatAmountComma(deposit.amountCents),
    reference: deposit.reference,
    paymentInitiationUrl: paymentPageUrl(payTokenOf(deposit)),
  };
}

/** The deposit; isNew is false when the request replayed an earlier one. */
export async function createPaymentInitiation(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ deposit: TransactionRecord; isNew: boolean }> {
  const config = getConfig();
  schema ??= createPaymentInitiationSchema({ maxAmountCents: config.maxAmountCents });
  const request = schema.parse(options.data);
  // A live merchant's customers pay through the Open Finance initiator its initiation rail is
  // routed to (a 503 before anything is written when there is none); a sandbox merchant's through
  // the sandbox bank. A live customer never meets a simulated bank.
  if (options.merchant.mode === "live" && !options.merchant.providerRoutes.initiation)
    throw new AppError(
      "provider_unavailable",
      "Payment Initiation for live merchants needs an Open Finance initiator: the operator routes this merchant's initiation rail to a provider account that serves it; use Pix (POST /api/pix or Gateway In) meanwhile",
    );
  const provider = await providerForRail(options.merchant, "initiation");
  if (options.merchant.mode === "live") capabilityOf(provider, "initiations");
  const redirects = checkRedirectUrls(
    { successRedirectUrl: request.successRedirectUrl, failedRedirectUrl: request.failedRedirectUrl },
    { allowedOrigins: options.merchant.redirectOrigins, isProduction: config.isProduction },
  );
  const requestHash = hashRequest("payment_initiation", request);
  return createOnce<{ deposit: TransactionRecord; isNew: boolean }>({
    merchantId: options.merchant.id,
    reference: request.reference,
    operation: "payment_initiation",
    requestHash,
    replay: async (existing) => ({ deposit: existing, isNew: false }),
    create: async () => {
      const id = newId("dep");
      const deposit = await insertDeposit({
        id,
        merchantId: options.merchant.id,
        mode: options.merchant.mode,
        ...requestColumns("payment_initiation", request),
        requestHash,
        // The bank is the customer's to choose (or Pix instead, "Outro banco? Pague com Pix").
        methodOpen: true,
        // The URL is the customer's only credential for this payment.
        ...issuePayToken(id).stored,
        successRedirectUrl: redirects.successRedirectUrl,
        failedRedirectUrl: redirects.failedRedirectUrl,
        provider: provider.accountId,
        expiresAt: new Date(Date.now() + config.paymentUrlExpirationSeconds * 1000),
      });
      return { deposit, isNew: true };
    },
  });
}
