import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { findProviderAccount } from "../db/provider-accounts";
import { AppError } from "../errors/app-error";
import { providerAccountIdSchema } from "./accounts/schemas";
import { webhookPathOf } from "./accounts/to-provider-account-view";
import { findProvider } from "./registry";

export type InitiatorConfiguration = { provider: string; returnUrl: string; webhookUrl: string };

/**
 * `psp configure --provider pa_…`: tells an account's payment initiator where customers come back
 * to after approving at their bank ($PUBLIC_BASE_URL/pay/retorno/pa_…) and where it notifies
 * ($PUBLIC_BASE_URL/api/psp/webhook/pa_…, the account's own webhook). Refused for an account that
 * does not serve initiation. Idempotent: configuring again sets the same URLs. Audited once the
 * initiator accepted; the answer holds no secret (the adapter adds the webhook's its own way).
 */
export async function configureInitiator(accountId: string, by: AuditActor): Promise<InitiatorConfiguration> {
  const id = providerAccountIdSchema.safeParse(accountId);
  if (!id.success) throw new AppError("invalid_argument", `--provider ${accountId} ${id.error.issues[0].message}`);
  const account = await findProviderAccount(getDb(), id.data);
  if (!account) throw new AppError("not_found", `no provider account ${accountId}: see provider list`);
  if (!account.rails.includes("initiation") || account.initiation === null)
    throw new AppError(
      "invalid_argument",
      `provider account ${account.id} (${account.label}) does not serve initiation; it serves ${account.rails.join(", ")}`,
    );
  const initiations = (await findProvider(account.id)).initiations;
  if (!initiations)
    throw new AppError(
      "provider_unavailable",
      `provider account ${account.id} (${account.label}): its adapter cannot configure payment initiation`,
    );
  const { publicBaseUrl } = getConfig();
  const configuration = {
    provider: account.id,
    returnUrl: `${publicBaseUrl}/pay/retorno/${account.id}`,
    webhookUrl: `${publicBaseUrl}${webhookPathOf(account.id)}`,
  };
  await initiations.configure({ returnUrl: configuration.returnUrl, webhookUrl: configuration.webhookUrl });
  await recordAuditEvent(getDb(), {
    actor: by,
    action: "provider_account.configured",
    targetType: "provider_account",
    targetId: account.id,
    merchantId: null,
    ip: null,
    detail: { return_url: configuration.returnUrl, webhook_url: configuration.webhookUrl },
  });
  return configuration;
}
