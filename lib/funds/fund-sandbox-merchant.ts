import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Tx, getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { parseAmount } from "../money/parse-amount";
import { getMerchantBalance } from "./get-merchant-balance";
import { recordFundsMovement } from "./record-funds-movement";

type Funding = { merchantId: string; amountCents: bigint };

/**
 * `merchant fund MERCHANT_ID AMOUNT`: an operator credits a sandbox merchant, to test payouts.
 * `alsoRecord` runs in the credit's transaction (the CLI's audit event, auditSandboxFunding).
 */
export async function fundSandboxMerchant(
  merchantId: string,
  amount: string,
  alsoRecord?: (tx: Tx, funding: Funding) => Promise<unknown>,
) {
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw new AppError("invalid_argument", `amount ${parsed.reason}`);
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  if (merchant.mode !== "sandbox") {
    throw new AppError("invalid_argument", `${merchantId} is a live merchant: its funds come only from paid deposits`);
  }
  await getDb().$transaction(async (tx) => {
    await recordFundsMovement(tx, {
      merchantId,
      mode: merchant.mode,
      kind: "credit",
      amountCents: parsed.cents,
      memo: "sandbox funding by an operator",
    });
    await alsoRecord?.(tx, { merchantId, amountCents: parsed.cents });
  });
  return getMerchantBalance(merchantId);
}

/** The audit event of a sandbox credit, committed with it. */
export function auditSandboxFunding(actor: AuditActor, ip: string | null) {
  return (tx: Tx, funding: Funding) =>
    recordAuditEvent(tx, {
      actor,
      action: "merchant.sandbox_funded",
      targetType: "merchant",
      targetId: funding.merchantId,
      merchantId: funding.merchantId,
      ip,
      detail: { amount_cents: funding.amountCents.toString() },
    });
}
