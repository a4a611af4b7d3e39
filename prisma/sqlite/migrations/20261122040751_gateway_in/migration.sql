-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Transaction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "merchantUser" TEXT,
    "customerName" TEXT,
    "customerEmail" TEXT,
    "customerCpf" TEXT,
    "invalidFields" JSONB,
    "buyerIp" TEXT,
    "phone" TEXT,
    "brand" TEXT,
    "pixTxid" TEXT,
    "pixCode" TEXT,
    "provider" TEXT,
    "paymentMethod" TEXT,
    "pixKey" TEXT,
    "bankCode" TEXT,
    "branch" TEXT,
    "account" TEXT,
    "accountType" TEXT,
    "reasonCode" TEXT,
    "reason" TEXT,
    "payToken" TEXT,
    "successRedirectUrl" TEXT,
    "failedRedirectUrl" TEXT,
    "returnUrl" TEXT,
    "amountEditable" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" DATETIME,
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Transaction_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Transaction" ("account", "accountType", "amountCents", "bankCode", "branch", "brand", "buyerIp", "createdAt", "currency", "customerCpf", "customerEmail", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "operation", "payToken", "paymentMethod", "phone", "pixCode", "pixKey", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt") SELECT "account", "accountType", "amountCents", "bankCode", "branch", "brand", "buyerIp", "createdAt", "currency", "customerCpf", "customerEmail", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "operation", "payToken", "paymentMethod", "phone", "pixCode", "pixKey", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt" FROM "Transaction";
DROP TABLE "Transaction";
ALTER TABLE "new_Transaction" RENAME TO "Transaction";
CREATE UNIQUE INDEX "Transaction_pixTxid_key" ON "Transaction"("pixTxid");
CREATE UNIQUE INDEX "Transaction_payToken_key" ON "Transaction"("payToken");
CREATE INDEX "Transaction_status_expiresAt_idx" ON "Transaction"("status", "expiresAt");
CREATE UNIQUE INDEX "Transaction_merchantId_reference_key" ON "Transaction"("merchantId", "reference");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

