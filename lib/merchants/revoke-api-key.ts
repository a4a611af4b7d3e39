import { getDb } from "../db/client";
import { markApiKeyRevoked } from "../db/api-keys";
import { AppError } from "../errors/app-error";

/** Revocation takes effect on the next request: keys are read from the database every time. */
export async function revokeApiKey(keyId: string): Promise<{ keyId: string; revokedAt: Date }> {
  const key = await markApiKeyRevoked(getDb(), keyId, new Date());
  if (!key?.revokedAt) throw new AppError("not_found", `no key ${keyId}`);
  return { keyId: key.id, revokedAt: key.revokedAt };
}
