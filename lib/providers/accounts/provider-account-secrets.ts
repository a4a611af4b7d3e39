// An account's secrets at rest: one JSON sealed with AES-256-GCM under CASHIER_ENCRYPTION_KEY, the
// account id bound as associated data, so a ciphertext copied onto another account does not open.
import type { KeyRing } from "../../crypto/key-ring";
import { decryptSecret, encryptSecret } from "../../crypto/secret-box";
import { AppError } from "../../errors/app-error";
import { type ProviderAccountSecrets, providerAccountSecretsSchema } from "./schemas";

export function sealProviderAccountSecrets(keys: KeyRing, accountId: string, secrets: ProviderAccountSecrets): string {
  return encryptSecret(keys, JSON.stringify(secrets), accountId);
}

export function openProviderAccountSecrets(keys: KeyRing, accountId: string, sealed: string): ProviderAccountSecrets {
  let json: string;
  try {
    json = decryptSecret(keys, sealed, accountId);
  } catch {
    // Sealed under a key neither CASHIER_ENCRYPTION_KEY nor a previous one, or a row edited by hand: the account cannot be used as it is.
    throw new AppError(
      "internal_error",
      `provider account ${accountId}: its secrets do not open with the configured encryption keys`,
    );
  }
  const parsed = providerAccountSecretsSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new AppError("internal_error", `provider account ${accountId}: its secrets are malformed`);
  return parsed.data;
}
