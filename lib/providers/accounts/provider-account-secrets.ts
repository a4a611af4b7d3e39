// An account's secrets at rest: one JSON sealed with AES-256-GCM under CASHIER_ENCRYPTION_KEY, the
// account id bound as associated data, so a ciphertext copied onto another account does not open.
import { decryptSecret, encryptSecret } from "../../crypto/secret-box";
import { AppError } from "../../errors/app-error";
import { type ProviderAccountSecrets, providerAccountSecretsSchema } from "./schemas";

export function sealProviderAccountSecrets(key: Buffer, accountId: string, secrets: ProviderAccountSecrets): string {
  return encryptSecret(key, JSON.stringify(secrets), accountId);
}

export function openProviderAccountSecrets(key: Buffer, accountId: string, sealed: string): ProviderAccountSecrets {
  let json: string;
  try {
    json = decryptSecret(key, sealed, accountId);
  } catch {
    // Another CASHIER_ENCRYPTION_KEY, or a row edited by hand: the account cannot be used as it is.
    throw new AppError(
      "internal_error",
      `provider account ${accountId}: its secrets do not open with this CASHIER_ENCRYPTION_KEY`,
    );
  }
  const parsed = providerAccountSecretsSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new AppError("internal_error", `provider account ${accountId}: its secrets are malformed`);
  return parsed.data;
}
