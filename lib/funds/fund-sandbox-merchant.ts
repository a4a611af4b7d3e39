import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { parseAmount } from "../money/parse-amount";
import { getMerchantBalance } from "./get-merchant-balance";
import { recordFundsMovement } from "./record-funds-movement";

/** `merchant fund MERCHANT_ID AMOUNT`: an operator credits a sandbox merchant, to test payouts. */
export async function fundSandboxMerchant(merchantId: string, amount: string) {
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw new AppError("invalid_argument", `amount ${parsed.reason}`);
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  if (merchant.mode !== "sandbox") {
    throw new AppError("invalid_argument", `${merchantId} is a live merchant: its funds come only from paid deposits`);
  }
  await getDb().$transaction((tx) =>
    recordFundsMovement(tx, {
      merchantId,
      mode: merchant.mode,
      kind: "credit",
      amountCents: parsed.cents,
      memo: "sandbox funding by an operator",
    }),
  );
  return getMerchantBalance(merchantId);
}
