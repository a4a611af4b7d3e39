import { getDb } from "../db/client";
import { findMerchantLogoDigest } from "../db/merchant-logos";
import { findMerchant } from "../db/merchants";
import { sumCompletedRefundsByDeposit } from "../db/refunds";
import type { DepositRecord } from "../db/transactions";
import { findProvider } from "../providers/registry";
import { parseRedirectUrl } from "../transactions/check-redirect-url";
import { isPending } from "../transactions/statuses";
import { findDepositByPayToken } from "./pay-tokens";

export type HostedPaymentState = "open" | "expired" | "paid" | "failed";

export type HostedPayment = {
  deposit: DepositRecord;
  merchantName: string;
  /** The merchant's logo on the gateway's own origin, versioned by its digest; null without one. */
  merchantLogoUrl: string | null;
  state: HostedPaymentState;
  /** Whether the sandbox bank may settle it: a sandbox merchant's deposit at a simulating provider. */
  isSimulated: boolean;
  /** What completed refunds gave back to the payer (its receipt says so); zero unless paid. */
  refundedCents: bigint;
};

/**
 * The payment behind a hosted page's token (unverified, from the customer's address bar), with
 * what the customer can do now. Past its expiry a pending deposit is expired, sweep or no sweep.
 */
export async function findHostedPayment(token: string, now: Date = new Date()): Promise<HostedPayment | null> {
  const deposit = await findDepositByPayToken(token);
  if (!deposit) return null;
  const merchant = await findMerchant(getDb(), deposit.merchantId);
  // A final status is its own state: the page shows each of them.
  const state: HostedPaymentState = isPending(deposit.status)
    ? deposit.expiresAt && deposit.expiresAt <= now
      ? "expired"
      : "open"
    : deposit.status;
  const isSimulated =
    merchant?.mode === "sandbox" && (await findProvider(deposit.provider)).charges?.canSimulatePayments === true;
  const logoDigest = await findMerchantLogoDigest(getDb(), deposit.merchantId);
  const merchantLogoUrl = logoDigest === null ? null : `/pay/${token}/logo?v=${logoDigest}`;
  const refundedCents =
    state === "paid" ? ((await sumCompletedRefundsByDeposit(getDb(), [deposit.id])).get(deposit.id) ?? 0n) : 0n;
  return { deposit, merchantName: merchant?.name ?? "", merchantLogoUrl, state, isSimulated, refundedCents };
}

/**
 * Where the customer goes back to: the success URL once paid, the failure URL otherwise. Parsed
 * again because rows stored before URLs were normalised may hold text no Location header can
 * carry; such a customer stays on the gateway's own page instead of meeting an error.
 */
export function merchantReturnUrl(payment: HostedPayment): string | null {
  const { deposit } = payment;
  const stored =
    (payment.state === "paid" ? deposit.successRedirectUrl : deposit.failedRedirectUrl) ?? deposit.returnUrl;
  return stored === null ? null : (parseRedirectUrl(stored)?.href ?? null);
}
