-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Transaction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'sandbox',
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "merchantUser" TEXT,
    "customerName" TEXT,
    "customerEmail" TEXT,
    "customerEmailLower" TEXT,
    "customerCpf" TEXT,
    "invalidFields" JSONB,
    "buyerIp" TEXT,
    "phone" TEXT,
    "brand" TEXT,
    "pixTxid" TEXT,
    "pixCode" TEXT,
    "pixLocation" TEXT,
    "pixEndToEndId" TEXT,
    "provider" TEXT,
    "paymentMethod" TEXT,
    "pixKey" TEXT,
    "bankCode" TEXT,
    "branch" TEXT,
    "account" TEXT,
    "accountType" TEXT,
    "reasonCode" TEXT,
    "reason" TEXT,
    "claimedOutcome" TEXT,
    "payTokenHash" TEXT,
    "payTokenSealed" TEXT,
    "successRedirectUrl" TEXT,
    "failedRedirectUrl" TEXT,
    "returnUrl" TEXT,
    "amountEditable" BOOLEAN NOT NULL DEFAULT false,
    "amountOpen" BOOLEAN NOT NULL DEFAULT false,
    "methodOpen" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" DATETIME,
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Transaction_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Transaction" ("account", "accountType", "amountCents", "amountEditable", "amountOpen", "bankCode", "branch", "brand", "buyerIp", "claimedOutcome", "createdAt", "currency", "customerCpf", "customerEmail", "customerEmailLower", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "methodOpen", "mode", "operation", "payTokenHash", "payTokenSealed", "paymentMethod", "phone", "pixCode", "pixEndToEndId", "pixKey", "pixLocation", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt") SELECT "account", "accountType", "amountCents", "amountEditable", "amountOpen", "bankCode", "branch", "brand", "buyerIp", "claimedOutcome", "createdAt", "currency", "customerCpf", "customerEmail", "customerEmailLower", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "methodOpen", "mode", "operation", "payTokenHash", "payTokenSealed", "paymentMethod", "phone", "pixCode", "pixEndToEndId", "pixKey", "pixLocation", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt" FROM "Transaction";
DROP TABLE "Transaction";
ALTER TABLE "new_Transaction" RENAME TO "Transaction";
CREATE UNIQUE INDEX "Transaction_pixTxid_key" ON "Transaction"("pixTxid");
CREATE UNIQUE INDEX "Transaction_pixEndToEndId_key" ON "Transaction"("pixEndToEndId");
CREATE UNIQUE INDEX "Transaction_payTokenHash_key" ON "Transaction"("payTokenHash");
CREATE INDEX "Transaction_status_expiresAt_idx" ON "Transaction"("status", "expiresAt");
CREATE INDEX "Transaction_merchantId_createdAt_id_idx" ON "Transaction"("merchantId", "createdAt", "id");
CREATE INDEX "Transaction_createdAt_id_idx" ON "Transaction"("createdAt", "id");
CREATE INDEX "Transaction_reference_idx" ON "Transaction"("reference");
CREATE INDEX "Transaction_customerEmailLower_idx" ON "Transaction"("customerEmailLower");
CREATE INDEX "Transaction_customerCpf_idx" ON "Transaction"("customerCpf");
CREATE UNIQUE INDEX "Transaction_merchantId_reference_key" ON "Transaction"("merchantId", "reference");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

