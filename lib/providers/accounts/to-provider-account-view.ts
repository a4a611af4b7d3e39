import type { ProviderAccountRecord } from "../../db/provider-accounts";
import { type ProviderAccountView, maskDocument } from "./schemas";

/** Where the PSP sends an account's notifications: its own address, so the webhook knows the account. */
export function webhookPathOf(accountId: string): string {
  return `/api/psp/webhook/${accountId}`;
}

/** The account without its secrets, as the CLI prints it and the console shows it. */
export function toProviderAccountView(account: ProviderAccountRecord, publicBaseUrl: string): ProviderAccountView {
  const webhookPath = webhookPathOf(account.id);
  return {
    id: account.id,
    kind: account.kind,
    label: account.label,
    url: account.baseUrl,
    token_url: account.tokenUrl,
    profile: account.profile,
    pix_key: account.pixKey,
    rails: account.rails,
    initiation:
      account.initiation && account.rails.includes("initiation")
        ? {
            url: account.initiation.baseUrl,
            receiver: {
              ispb: account.initiation.receiver.ispb,
              branch: account.initiation.receiver.branch,
              account: account.initiation.receiver.account,
              account_type: account.initiation.receiver.accountType,
              document: maskDocument(account.initiation.receiver.document),
              name: account.initiation.receiver.name,
            },
          }
        : null,
    webhook_path: webhookPath,
    webhook_url: `${publicBaseUrl}${webhookPath}`,
    created_at: account.createdAt.toISOString(),
  };
}
