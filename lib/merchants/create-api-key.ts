import { type Tx, getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { type IssuedKey, issueApiKey } from "./issue-api-key";
import { keyIdSchema, secretSchema } from "./schemas";

/**
 * Another active key for a merchant, so keys can be rotated without downtime. `alsoRecord` runs in
 * the same transaction (the audit event, auditKeyCreated).
 */
export async function createApiKey(
  options: { merchantId: string; keyId?: string; secret?: string },
  alsoRecord?: (tx: Tx, key: IssuedKey) => Promise<unknown>,
): Promise<IssuedKey> {
  const keyId = options.keyId === undefined ? undefined : keyIdSchema.parse(options.keyId);
  const secret = options.secret === undefined ? undefined : secretSchema.parse(options.secret);
  return getDb().$transaction(async (tx) => {
    const merchant = await findMerchant(tx, options.merchantId);
    if (!merchant) throw new AppError("not_found", `no merchant ${options.merchantId}`);
    const issued = await issueApiKey(tx, { merchantId: merchant.id, mode: merchant.mode, keyId, secret });
    await alsoRecord?.(tx, issued);
    return issued;
  });
}
