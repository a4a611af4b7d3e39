import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { revokeActiveApiKeys } from "../db/api-keys";
import { getDb } from "../db/client";
import { type MerchantMode, setMerchantMode } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { assertLiveModeAvailable } from "../providers/find-live-provider-problem";
import { findMerchantInScope } from "./find-merchant-in-scope";
import { type IssuedKey, issueApiKey } from "./issue-api-key";

/**
 * An operator moves a merchant between sandbox and live. A key names its mode (mk_test_…,
 * mk_live_…), so the merchant's keys are revoked and one key of the new mode issued (its secret
 * returned this once), in the same transaction: a sandbox integration's key must never start
 * moving real money, nor a live one fall silently into the sandbox. Transactions keep the mode
 * they were created in, so pending ones finish with the provider that holds them; each mode's
 * ledger stays its own. Going live is refused where a production start would refuse it.
 */
export async function switchMerchantMode(
  actor: Actor,
  merchantId: string,
  mode: MerchantMode,
): Promise<IssuedKey & { revokedKeyIds: string[] }> {
  assertRole(actor, "operator");
  return getDb().$transaction(async (tx) => {
    const merchant = await findMerchantInScope(actor, merchantId, tx);
    if (mode === "live") assertLiveModeAvailable(merchant.providerRoutes);
    if (merchant.mode === mode) throw new AppError("state_conflict", `merchant ${merchantId} is already ${mode}`);
    if (!(await setMerchantMode(tx, merchant.id, merchant.mode, mode)))
      throw new AppError("state_conflict", `merchant ${merchantId} changed mode meanwhile`);
    const revokedKeyIds = await revokeActiveApiKeys(tx, merchant.id, new Date());
    const issued = await issueApiKey(tx, { merchantId: merchant.id, mode });
    await recordAuditEvent(tx, {
      actor,
      action: "merchant.mode_switched",
      targetType: "merchant",
      targetId: merchant.id,
      merchantId: merchant.id,
      ip: actor.ip,
      detail: { from: merchant.mode, to: mode, revoked_keys: revokedKeyIds, new_key: issued.keyId },
    });
    return { ...issued, revokedKeyIds };
  });
}
