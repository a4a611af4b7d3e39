-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN "brand" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "buyerIp" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "customerCpf" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "customerEmail" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "customerName" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "expiresAt" DATETIME;
ALTER TABLE "Transaction" ADD COLUMN "invalidFields" JSONB;
ALTER TABLE "Transaction" ADD COLUMN "merchantUser" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "phone" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "pixCode" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "pixTxid" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "provider" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "settledAt" DATETIME;

-- CreateTable
CREATE TABLE "TransactionEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "transactionId" TEXT NOT NULL,
    "fromStatus" TEXT,
    "toStatus" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "reasonCode" TEXT,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TransactionEvent_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TransactionEvent_transactionId_createdAt_idx" ON "TransactionEvent"("transactionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_pixTxid_key" ON "Transaction"("pixTxid");

-- CreateIndex
CREATE INDEX "Transaction_status_expiresAt_idx" ON "Transaction"("status", "expiresAt");

