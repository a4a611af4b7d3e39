-- DropIndex
DROP INDEX "CallbackEvent_merchantId_createdAt_idx";

-- AlterTable
ALTER TABLE "CallbackEvent" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'sandbox';

-- CreateIndex
CREATE INDEX "CallbackEvent_merchantId_mode_createdAt_id_idx" ON "CallbackEvent"("merchantId", "mode", "createdAt", "id");


-- Events written before this change: the mode of the deposit, payout or refund each reports (the
-- merchant's own mode for one whose object is not found).
UPDATE "CallbackEvent" SET "mode" = COALESCE(
  (SELECT "mode" FROM "Transaction" WHERE "Transaction"."id" = "CallbackEvent"."objectId"),
  (SELECT "mode" FROM "Refund" WHERE "Refund"."id" = "CallbackEvent"."objectId"),
  (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "CallbackEvent"."merchantId")
);
