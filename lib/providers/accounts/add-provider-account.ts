import { randomBytes } from "node:crypto";
import { type AuditActor, recordAuditEvent } from "../../audit/record-audit-event";
import { getConfig } from "../../config/config";
import { getDb } from "../../db/client";
import { insertProviderAccount } from "../../db/provider-accounts";
import { newId } from "../../ids/new-id";
import { sealProviderAccountSecrets } from "./provider-account-secrets";
import { type AddProviderAccountInput, type ProviderAccountView, addProviderAccountSchema } from "./schemas";
import { toProviderAccountView } from "./to-provider-account-view";

/**
 * `provider add`: checks every field (the kind's settings by its own schema, a Pix key, rails the
 * kind serves, the receiving account of payment initiation), seals the secrets under the new id and stores the account with its audit event, both or
 * neither. The answer names the account and its webhook; no secret is ever in it.
 */
export async function addProviderAccount(input: AddProviderAccountInput, by: AuditActor): Promise<ProviderAccountView> {
  const config = getConfig();
  const account = addProviderAccountSchema.parse({ ...input, isProduction: config.isProduction, now: new Date() });
  const id = newId("pa");
  // Generated when not given: the webhook is then guarded from the first notification on.
  const webhookSecret = account.webhookSecret ?? randomBytes(24).toString("base64url");
  const secretsCiphertext = sealProviderAccountSecrets(config.encryptionKeys, id, {
    ...account.secrets,
    webhookSecret,
  });
  return getDb().$transaction(async (tx) => {
    const row = await insertProviderAccount(tx, {
      id,
      kind: account.kind,
      label: account.label,
      baseUrl: account.baseUrl,
      tokenUrl: account.tokenUrl,
      clientId: account.clientId,
      pixKey: account.pixKey,
      rails: account.rails,
      profile: account.profile,
      initiation: account.initiation,
      secretsCiphertext,
    });
    const view = toProviderAccountView(row, config.publicBaseUrl);
    await recordAuditEvent(tx, {
      actor: by,
      action: "provider_account.added",
      targetType: "provider_account",
      targetId: id,
      merchantId: null,
      ip: null,
      detail: {
        kind: row.kind,
        label: row.label,
        url: row.baseUrl,
        rails: row.rails,
        pix_key: row.pixKey,
        // The receiver as the CLI prints it: its holder's document masked.
        ...(view.initiation ? { initiation: view.initiation } : {}),
      },
    });
    return view;
  });
}
