-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "customerEmailLower" TEXT;

-- AlterTable
ALTER TABLE "CallbackEvent" ADD COLUMN     "objectId" TEXT;

-- CreateIndex
CREATE INDEX "Transaction_merchantId_createdAt_id_idx" ON "Transaction"("merchantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Transaction_createdAt_id_idx" ON "Transaction"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Transaction_reference_idx" ON "Transaction"("reference");

-- CreateIndex
CREATE INDEX "Transaction_customerEmailLower_idx" ON "Transaction"("customerEmailLower");

-- CreateIndex
CREATE INDEX "Transaction_customerCpf_idx" ON "Transaction"("customerCpf");

-- CreateIndex
CREATE INDEX "CallbackEvent_objectId_idx" ON "CallbackEvent"("objectId");

-- CreateIndex
CREATE INDEX "Refund_merchantId_createdAt_id_idx" ON "Refund"("merchantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Refund_createdAt_id_idx" ON "Refund"("createdAt", "id");


-- Rows written before this change: their e-mail lowercased, and each callback's object from its
-- payload (a payout's transfer_id; a deposit's or refund's id).
UPDATE "Transaction" SET "customerEmailLower" = lower("customerEmail") WHERE "customerEmail" IS NOT NULL;
UPDATE "CallbackEvent" SET "objectId" = COALESCE("payload"->>'transfer_id', "payload"->>'id');
