-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "fundsLock" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "account" TEXT,
ADD COLUMN     "accountType" TEXT,
ADD COLUMN     "bankCode" TEXT,
ADD COLUMN     "branch" TEXT,
ADD COLUMN     "paymentMethod" TEXT,
ADD COLUMN     "pixKey" TEXT,
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "reasonCode" TEXT;

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "availableDeltaCents" BIGINT NOT NULL,
    "reservedDeltaCents" BIGINT NOT NULL,
    "transactionId" TEXT,
    "memo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LedgerEntry_merchantId_createdAt_idx" ON "LedgerEntry"("merchantId", "createdAt");

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

