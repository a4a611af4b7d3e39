-- CreateTable
CREATE TABLE "Initiation" (
    "id" TEXT NOT NULL,
    "depositId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "participantId" TEXT NOT NULL,
    "participantName" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "providerPaymentId" TEXT,
    "redirectUrl" TEXT,
    "endToEndId" TEXT,
    "reason" TEXT,
    "settledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Initiation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Initiation_depositId_createdAt_idx" ON "Initiation"("depositId", "createdAt");

-- CreateIndex
CREATE INDEX "Initiation_status_createdAt_idx" ON "Initiation"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Initiation_provider_providerPaymentId_key" ON "Initiation"("provider", "providerPaymentId");

-- AddForeignKey
ALTER TABLE "Initiation" ADD CONSTRAINT "Initiation_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

