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
  /** The merchant's site when it names one: its only registered redirect origin; null with none or several. */
  shopOrigin: string | null;
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
  const origins = merchant?.redirectOrigins ?? [];
  const shopOrigin = origins.length === 1 ? (parseRedirectUrl(origins[0])?.href ?? null) : null;
  return {
    deposit,
    merchantName: merchant?.name ?? "",
    merchantLogoUrl,
    state,
    isSimulated,
    shopOrigin,
    refundedCents,
  };
}

/** What a Gateway In `return_url` says of the payment as the customer leaves: a hint for the shop's page. */
export type ReturnOutcome = "paid" | "failed" | "canceled";

/** Paid; ended unpaid (failed or expired); or left by the customer while it is still open. */
export function returnOutcome(state: HostedPaymentState): ReturnOutcome {
  if (state === "paid") return "paid";
  return state === "open" ? "canceled" : "failed";
}

/**
 * Where the customer goes back to: the success URL once paid, the failure URL otherwise. Parsed
 * again because rows stored before URLs were normalised may hold text no Location header can
 * carry; such a customer stays on the gateway's own page instead of meeting an error. Gateway In
 * has one `return_url` for every outcome, so it carries `status` and `deposit_id` for the shop to
 * tell them apart (the merchant's own query kept as sent, but for those two names).
 */
export function merchantReturnUrl(payment: HostedPayment): string | null {
  const { deposit } = payment;
  const stored =
    (payment.state === "paid" ? deposit.successRedirectUrl : deposit.failedRedirectUrl) ?? deposit.returnUrl;
  const url = stored === null ? null : parseRedirectUrl(stored);
  if (!url) return null;
  if (deposit.operation !== "gateway_in") return url.href;
  const own = new URLSearchParams(url.search);
  // The merchant's bytes untouched unless they used the gateway's names themselves.
  if (own.has("status") || own.has("deposit_id")) {
    own.delete("status");
    own.delete("deposit_id");
    url.search = own.toString();
  }
  const outcome = `status=${returnOutcome(payment.state)}&deposit_id=${encodeURIComponent(deposit.id)}`;
  url.search = url.search ? `${url.search}&${outcome}` : outcome;
  return url.href;
}

/**
 * The shop, for a way back that cancels nothing: where this payment returns its customer, else
 * the merchant's own site.
 */
export function shopUrl(payment: HostedPayment): string | null {
  return merchantReturnUrl(payment) ?? payment.shopOrigin;
}
