-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'sandbox',
ADD COLUMN     "pixEndToEndId" TEXT,
ADD COLUMN     "pixLocation" TEXT;

-- AlterTable
ALTER TABLE "LedgerEntry" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'sandbox';

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "depositId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT,
    "requestHash" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "isSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "providerRefundId" TEXT,
    "reasonCode" TEXT,
    "reason" TEXT,
    "settledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefundEvent" (
    "id" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "fromStatus" TEXT,
    "toStatus" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "reasonCode" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefundEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Refund_status_createdAt_idx" ON "Refund"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_depositId_requestHash_key" ON "Refund"("depositId", "requestHash");

-- CreateIndex
CREATE INDEX "RefundEvent_refundId_createdAt_idx" ON "RefundEvent"("refundId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_pixEndToEndId_key" ON "Transaction"("pixEndToEndId");

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefundEvent" ADD CONSTRAINT "RefundEvent_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Rows written before modes were recorded take their merchant's mode (which never changes).
UPDATE "Transaction" SET "mode" = (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "Transaction"."merchantId");
UPDATE "LedgerEntry" SET "mode" = (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "LedgerEntry"."merchantId");
