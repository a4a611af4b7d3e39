-- CreateTable
CREATE TABLE "Dispute" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "openedAt" DATETIME NOT NULL,
    "respondBy" DATETIME NOT NULL,
    "decision" TEXT,
    "justification" TEXT,
    "answeredBy" TEXT,
    "answeredAt" DATETIME,
    "submittedAt" DATETIME,
    "closedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Dispute_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Dispute_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Dispute_merchantId_createdAt_id_idx" ON "Dispute"("merchantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Dispute_status_respondBy_idx" ON "Dispute"("status", "respondBy");

-- CreateIndex
CREATE INDEX "Dispute_depositId_idx" ON "Dispute"("depositId");

-- CreateIndex
CREATE UNIQUE INDEX "Dispute_provider_providerDisputeId_key" ON "Dispute"("provider", "providerDisputeId");

