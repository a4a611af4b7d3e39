import { enqueueCallback } from "@/lib/callbacks/enqueue-callback";
import { changeStatus } from "@/lib/db/change-status";
import { getDb } from "@/lib/db/client";
import { insertTransaction } from "@/lib/db/transactions";
import { newId } from "@/lib/ids/new-id";

/**
 * A state change and its callback in one transaction, as deposits and payouts will write them:
 * a payout row marked completed, and gateway_out.completed in the outbox.
 */
export async function completePayoutWithCallback(merchantId: string): Promise<{ eventId: string; transferId: string }> {
  const transferId = newId("po");
  const reference = `ref-${transferId}`;
  const eventId = await getDb().$transaction(
    async (tx) => {
      await insertTransaction(tx, {
        id: transferId,
        merchantId,
        operation: "gateway_out",
        reference,
        amountCents: 1050n,
        currency: "BRL",
        requestHash: "test",
        mode: "sandbox",
      });
      const at = new Date();
      await changeStatus(tx, "payout", { id: transferId, from: "pending", to: "processing", actor: "operator", at });
      await changeStatus(tx, "payout", { id: transferId, from: "processing", to: "completed", actor: "operator", at });
      return enqueueCallback(tx, {
        merchantId,
        objectId: transferId,
        requestId: null,
        mode: "sandbox",
        type: "gateway_out.completed",
        data: {
          transfer_id: transferId,
          transfers_id: transferId,
          reference,
          merchant_user: "u1",
          user_id: "u1",
          amount: "10.50",
          currency: "BRL",
          status: "completed",
        },
      });
      // Prisma's 5 s default: on CI's starved cores (the test process runs at nice 10 beside the
      // browser suite) four of these at once ran past it.
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  return { eventId, transferId };
}
