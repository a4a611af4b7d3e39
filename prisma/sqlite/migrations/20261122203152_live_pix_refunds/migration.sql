-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Refund_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Refund_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Transaction" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RefundEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "refundId" TEXT NOT NULL,
    "fromStatus" TEXT,
    "toStatus" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "reasonCode" TEXT,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RefundEvent_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

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
INSERT INTO "new_Transaction" ("account", "accountType", "amountCents", "amountEditable", "bankCode", "branch", "brand", "buyerIp", "createdAt", "currency", "customerCpf", "customerEmail", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "operation", "payToken", "paymentMethod", "phone", "pixCode", "pixKey", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt") SELECT "account", "accountType", "amountCents", "amountEditable", "bankCode", "branch", "brand", "buyerIp", "createdAt", "currency", "customerCpf", "customerEmail", "customerName", "expiresAt", "failedRedirectUrl", "id", "invalidFields", "merchantId", "merchantUser", "operation", "payToken", "paymentMethod", "phone", "pixCode", "pixKey", "pixTxid", "provider", "reason", "reasonCode", "reference", "requestHash", "returnUrl", "settledAt", "status", "successRedirectUrl", "updatedAt" FROM "Transaction";
DROP TABLE "Transaction";
ALTER TABLE "new_Transaction" RENAME TO "Transaction";
CREATE UNIQUE INDEX "Transaction_pixTxid_key" ON "Transaction"("pixTxid");
CREATE UNIQUE INDEX "Transaction_pixEndToEndId_key" ON "Transaction"("pixEndToEndId");
CREATE UNIQUE INDEX "Transaction_payToken_key" ON "Transaction"("payToken");
CREATE INDEX "Transaction_status_expiresAt_idx" ON "Transaction"("status", "expiresAt");
CREATE UNIQUE INDEX "Transaction_merchantId_reference_key" ON "Transaction"("merchantId", "reference");
CREATE TABLE "new_LedgerEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "availableDeltaCents" BIGINT NOT NULL,
    "reservedDeltaCents" BIGINT NOT NULL,
    "transactionId" TEXT,
    "memo" TEXT,
    "mode" TEXT NOT NULL DEFAULT 'sandbox',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LedgerEntry_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_LedgerEntry" ("availableDeltaCents", "createdAt", "id", "kind", "memo", "merchantId", "reservedDeltaCents", "transactionId") SELECT "availableDeltaCents", "createdAt", "id", "kind", "memo", "merchantId", "reservedDeltaCents", "transactionId" FROM "LedgerEntry";
DROP TABLE "LedgerEntry";
ALTER TABLE "new_LedgerEntry" RENAME TO "LedgerEntry";
CREATE INDEX "LedgerEntry_merchantId_createdAt_idx" ON "LedgerEntry"("merchantId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Refund_status_createdAt_idx" ON "Refund"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_depositId_requestHash_key" ON "Refund"("depositId", "requestHash");

-- CreateIndex
CREATE INDEX "RefundEvent_refundId_createdAt_idx" ON "RefundEvent"("refundId", "createdAt");


-- Rows written before modes were recorded take their merchant's mode (which never changes).
UPDATE "Transaction" SET "mode" = (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "Transaction"."merchantId");
UPDATE "LedgerEntry" SET "mode" = (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "LedgerEntry"."merchantId");
