import { getConfig } from "../../config/config";
import { getDb } from "../../db/client";
import { findProviderAccount } from "../../db/provider-accounts";
import { AppError } from "../../errors/app-error";
import type { ProviderAccount } from "../contract/provider-account";
import { findProviderKind } from "../kinds/provider-kinds";
import { openProviderAccountSecrets } from "./provider-account-secrets";

/**
 * A stored account with its secrets opened and its settings read back by its kind (with the
 * configured timeout and reconciliation interval), for the registry to build its adapter. Null
 * when there is no such account; disabled ones load too, since they still settle what they issued.
 */
export async function loadProviderAccount(id: string): Promise<ProviderAccount | null> {
  const account = await findProviderAccount(getDb(), id);
  if (!account) return null;
  const config = getConfig();
  const kind = findProviderKind(account.kind);
  if (!kind) throw new AppError("internal_error", `provider account ${account.id} is of an unknown kind`);
  const { webhookSecret, ...secrets } = openProviderAccountSecrets(
    config.encryptionKeys,
    account.id,
    account.secretsCiphertext,
  );
  if (account.rails.includes("initiation") && account.initiation === null)
    throw new AppError(
      "internal_error",
      `provider account ${account.id}: serves initiation, but its settings do not read`,
    );
  let settings: unknown;
  try {
    settings = kind.openSettings(
      {
        baseUrl: account.baseUrl,
        tokenUrl: account.tokenUrl,
        clientId: account.clientId,
        profile: account.profile,
        secrets,
      },
      {
        webhookSecret,
        // Every stored account has its webhook secret: no terminator needs to be declared for it.
        hasWebhookTerminator: false,
        reconcileSeconds: config.reconcile.intervalMs / 1000,
        timeoutMs: config.pspTimeoutMs,
      },
    );
  } catch (error) {
    throw new AppError("internal_error", `provider account ${account.id}: its settings do not read (${String(error)})`);
  }
  return {
    id: account.id,
    kind: account.kind,
    label: account.label,
    rails: account.rails,
    pixKey: account.pixKey,
    settings,
    disabledAt: account.disabledAt,
    // Only where the account serves the rail: settings of a rail it does not serve are not its.
    initiation: account.rails.includes("initiation") ? account.initiation : null,
  };
}
