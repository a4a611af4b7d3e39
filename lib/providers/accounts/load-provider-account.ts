import { getConfig, resolvePspProfile } from "../../config/config";
import { PSP_PROFILE_NAMES, type PspProfileName } from "../../config/psp-profiles";
import { getDb } from "../../db/client";
import { findProviderAccount } from "../../db/provider-accounts";
import { AppError } from "../../errors/app-error";
import type { ProviderAccount } from "../contract/provider-account";
import { openProviderAccountSecrets } from "./provider-account-secrets";

/**
 * A stored account with its secrets opened and its settings resolved the way PIX_PSP_* are (its
 * profile's defaults, the configured timeout and reconciliation interval), for the registry to
 * build its adapter. Null when there is no such account; disabled ones load too, since they still
 * settle what they issued.
 */
export async function loadProviderAccount(id: string): Promise<ProviderAccount | null> {
  const account = await findProviderAccount(getDb(), id);
  if (!account) return null;
  const config = getConfig();
  const secrets = openProviderAccountSecrets(config.encryptionKey, account.id, account.secretsCiphertext);
  const profile = account.profile ?? "generic";
  if (!(PSP_PROFILE_NAMES as readonly string[]).includes(profile))
    throw new AppError("internal_error", `provider account ${account.id}: unknown PSP profile ${profile}`);
  if (account.rails.includes("initiation") && account.initiation === null)
    throw new AppError(
      "internal_error",
      `provider account ${account.id}: serves initiation, but its settings do not read`,
    );
  return {
    id: account.id,
    kind: account.kind,
    label: account.label,
    rails: account.rails,
    pixKey: account.pixKey,
    settings: {
      baseUrl: account.baseUrl,
      tokenUrl: account.tokenUrl,
      clientId: account.clientId,
      clientSecret: secrets.clientSecret,
      ...resolvePspProfile(profile as PspProfileName, account.clientId),
      clientCertificate: { cert: Buffer.from(secrets.certPem), key: Buffer.from(secrets.keyPem) },
      ca: secrets.caPem === null ? null : Buffer.from(secrets.caPem),
      webhookSecret: secrets.webhookSecret,
      // Every stored account has its webhook secret: no terminator needs to be declared for it.
      hasWebhookTerminator: false,
      reconcileSeconds: config.reconcile.intervalMs / 1000,
      timeoutMs: config.pspTimeoutMs,
    },
    disabledAt: account.disabledAt,
    // Only where the account serves the rail: settings of a rail it does not serve are not its.
    initiation: account.rails.includes("initiation") ? account.initiation : null,
  };
}
