-- CreateTable
CREATE TABLE "Dispute" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "depositId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerDisputeId" TEXT NOT NULL,
    "endToEndId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "heldCents" BIGINT NOT NULL,
    "reasonCode" TEXT NOT NULL,
    "reason" TEXT,
    "pspStatus" TEXT NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL,
    "respondBy" TIMESTAMP(3) NOT NULL,
    "decision" TEXT,
    "justification" TEXT,
    "answeredBy" TEXT,
    "answeredAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Dispute_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Dispute_merchantId_createdAt_id_idx" ON "Dispute"("merchantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Dispute_status_respondBy_idx" ON "Dispute"("status", "respondBy");

-- CreateIndex
CREATE INDEX "Dispute_depositId_idx" ON "Dispute"("depositId");

-- CreateIndex
CREATE UNIQUE INDEX "Dispute_provider_providerDisputeId_key" ON "Dispute"("provider", "providerDisputeId");

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

