import { type Tx, getDb } from "../db/client";
import { type ApiKeyRecord, markApiKeyRevoked } from "../db/api-keys";
import { AppError } from "../errors/app-error";

/**
 * Revocation takes effect on the next request: keys are read from the database every time.
 * `alsoRecord` runs in the same transaction only when this call is the one that revoked the key
 * (the console's audit event); revoking a revoked key changes nothing.
 */
export async function revokeApiKey(
  keyId: string,
  alsoRecord?: (tx: Tx, key: ApiKeyRecord) => Promise<unknown>,
): Promise<{ keyId: string; revokedAt: Date }> {
  return getDb().$transaction(async (tx) => {
    const revoked = await markApiKeyRevoked(tx, keyId, new Date());
    if (!revoked?.key.revokedAt) throw new AppError("not_found", `no key ${keyId}`);
    if (revoked.isRevokedNow) await alsoRecord?.(tx, revoked.key);
    return { keyId: revoked.key.id, revokedAt: revoked.key.revokedAt };
  });
}
