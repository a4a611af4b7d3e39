import { type Actor, assertRole } from "../../access/actor";
import { type AuditActor, recordAuditEvent } from "../../audit/record-audit-event";
import { getDb } from "../../db/client";
import { findProviderAccount, markProviderAccountDisabled } from "../../db/provider-accounts";
import { AppError } from "../../errors/app-error";
import { providerAccountIdSchema } from "./schemas";

/**
 * `provider disable`: no merchant can be routed to the account any more, and the registry sends
 * no new transaction to it. What it already issued is still settled, refunded and reconciled
 * through it, so money under way is not stranded. Audited; refused when already disabled.
 */
export async function disableProviderAccount(
  accountId: string,
  by: AuditActor,
  ip: string | null = null,
  now: Date = new Date(),
): Promise<{ id: string; disabled_at: string }> {
  const id = providerAccountIdSchema.parse(accountId);
  return getDb().$transaction(async (tx) => {
    const account = await findProviderAccount(tx, id);
    if (!account) throw new AppError("not_found", `no provider account ${id}`);
    if (account.disabledAt)
      throw new AppError(
        "state_conflict",
        `provider account ${id} was disabled at ${account.disabledAt.toISOString()}`,
      );
    if (!(await markProviderAccountDisabled(tx, id, now)))
      throw new AppError("state_conflict", `provider account ${id} was disabled meanwhile`);
    await recordAuditEvent(tx, {
      actor: by,
      action: "provider_account.disabled",
      targetType: "provider_account",
      targetId: id,
      merchantId: null,
      ip,
      detail: { kind: account.kind, label: account.label },
    });
    return { id, disabled_at: now.toISOString() };
  });
}

/** The console's "Desativar": operators only. */
export async function disableConsoleProviderAccount(actor: Actor, accountId: string) {
  assertRole(actor, "operator");
  return disableProviderAccount(accountId, actor, actor.ip);
}
