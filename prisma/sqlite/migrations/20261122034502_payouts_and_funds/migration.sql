-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN "account" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "accountType" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "bankCode" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "branch" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "paymentMethod" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "pixKey" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "reason" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "reasonCode" TEXT;

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "availableDeltaCents" BIGINT NOT NULL,
    "reservedDeltaCents" BIGINT NOT NULL,
    "transactionId" TEXT,
    "memo" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LedgerEntry_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Merchant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "callbackUrl" TEXT,
    "redirectOrigins" JSONB NOT NULL,
    "fundsLock" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Merchant" ("callbackUrl", "createdAt", "id", "mode", "name", "redirectOrigins", "updatedAt") SELECT "callbackUrl", "createdAt", "id", "mode", "name", "redirectOrigins", "updatedAt" FROM "Merchant";
DROP TABLE "Merchant";
ALTER TABLE "new_Merchant" RENAME TO "Merchant";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "LedgerEntry_merchantId_createdAt_idx" ON "LedgerEntry"("merchantId", "createdAt");

