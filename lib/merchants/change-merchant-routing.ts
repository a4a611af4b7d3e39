import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { findMerchant, updateMerchantRouting } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { routeMerchant } from "../providers/accounts/route-merchant";
import { toRoutingView } from "./find-merchant-routing";
import { type MerchantRoutingInput, merchantRoutingSchema } from "./schemas";

/**
 * `merchant update --provider … --payout-approval …`: routes a live merchant's rails to provider
 * accounts (each checked: it exists, is enabled, serves the rail) and sets who approves its
 * payouts. Takes effect for new transactions; those under way stay with the account that issued
 * them. Audited with before and after, in the same transaction.
 */
export async function changeMerchantRouting(
  merchantId: string,
  input: MerchantRoutingInput,
  by: AuditActor,
  ip: string | null = null,
) {
  const { routes, approval } = merchantRoutingSchema.parse(input);
  if (!routes && !approval)
    throw new AppError(
      "invalid_argument",
      "nothing to change: give --provider, --provider-for, --no-provider or --payout-approval",
    );
  return getDb().$transaction(async (tx) => {
    const before = await findMerchant(tx, merchantId);
    if (!before) throw new AppError("not_found", `no merchant ${merchantId}`);
    const after = {
      providerRoutes: routes ? await routeMerchant(tx, before, routes) : before.providerRoutes,
      payoutApproval: approval?.payoutApproval ?? before.payoutApproval,
      payoutApprovalAboveCents: approval ? approval.payoutApprovalAboveCents : before.payoutApprovalAboveCents,
    };
    if (!(await updateMerchantRouting(tx, merchantId, after)))
      throw new AppError("not_found", `no merchant ${merchantId}`);
    const [from, to] = [toRoutingView(before), toRoutingView(after)];
    await recordAuditEvent(tx, {
      actor: by,
      action: "merchant.routing_changed",
      targetType: "merchant",
      targetId: merchantId,
      merchantId,
      ip,
      detail: {
        provider_routes: { from: from.providerRoutes, to: to.providerRoutes },
        payout_approval: { from: from.payoutApproval, to: to.payoutApproval },
        payout_approval_above: { from: from.payoutApprovalAbove, to: to.payoutApprovalAbove },
      },
    });
    return { merchantId, ...to };
  });
}
