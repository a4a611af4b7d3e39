import { getDb } from "../db/client";
import { listDepositInitiations } from "../db/initiations";
import { listDepositRefunds } from "../db/refunds";
import type { RefundCapability } from "../providers/contract/payment-provider";
import { capabilityOf, findProvider } from "../providers/registry";
import { matchProviderRefunds } from "./match-provider-refunds";

/**
 * Where a deposit's money goes back through: the initiator, for a deposit paid at the customer's
 * bank through Open Finance (its devolução names the initiated payment), or else the account's
 * refunds (a devolução of the Pix that paid it). Either way asked under the gateway's refund id;
 * the initiator lists its devolucoes under its own ids, matched to the deposit's refunds by the one
 * rule of lib/refunds/match-provider-refunds.
 */
export async function findRefundRoute(refund: { provider: string; depositId: string }): Promise<RefundCapability> {
  const provider = await findProvider(refund.provider);
  const paid = (await listDepositInitiations(getDb(), refund.depositId)).find((attempt) => attempt.status === "paid");
  const initiations = provider.initiations;
  if (!paid?.providerPaymentId || !initiations) return capabilityOf(provider, "refunds");
  const providerPaymentId = paid.providerPaymentId;
  return {
    requestRefund: ({ refundId, amountCents }) =>
      initiations.refundInitiation({ providerPaymentId, refundId, amountCents }),
    async findRefund({ refundId }) {
      const found = await initiations.findInitiation({ initiationId: paid.id, providerPaymentId });
      if (!found) return null;
      const stored = await listDepositRefunds(getDb(), refund.depositId);
      const { matched } = matchProviderRefunds(stored, found.refunds);
      return matched.find((match) => match.refund.id === refundId)?.report ?? null;
    },
  };
}
