// What each sealed column's values are bound to (their associated data), as the code that seals
// them binds it: `keys reseal` opens and seals them again under the same.
import { payTokenAssociatedData } from "../crypto/pay-token";
import type { SealedTable } from "../db/sealed-values";
import { totpAssociatedData } from "../users/totp";

export const sealedAssociatedData: Record<SealedTable, (id: string) => string> = {
  // A merchant key's secret is bound to its key id (lib/merchants/issue-api-key).
  ApiKey: (id) => id,
  Transaction: payTokenAssociatedData,
  ConsoleUser: totpAssociatedData,
  // A provider account's secrets are bound to its id (lib/providers/accounts/provider-account-secrets).
  ProviderAccount: (id) => id,
};
