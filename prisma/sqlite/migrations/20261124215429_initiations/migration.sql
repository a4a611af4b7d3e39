-- CreateTable
CREATE TABLE "Initiation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "depositId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "participantId" TEXT NOT NULL,
    "participantName" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "providerPaymentId" TEXT,
    "redirectUrl" TEXT,
    "endToEndId" TEXT,
    "reason" TEXT,
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Initiation_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Initiation_depositId_createdAt_idx" ON "Initiation"("depositId", "createdAt");

-- CreateIndex
CREATE INDEX "Initiation_status_createdAt_idx" ON "Initiation"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Initiation_provider_providerPaymentId_key" ON "Initiation"("provider", "providerPaymentId");

