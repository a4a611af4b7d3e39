-- CreateTable
CREATE TABLE "ProviderAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "tokenUrl" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "pixKey" TEXT NOT NULL,
    "rails" JSONB NOT NULL,
    "profile" TEXT,
    "secretsCiphertext" TEXT NOT NULL,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
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
    "providerRoutes" JSONB,
    "payoutApproval" TEXT NOT NULL DEFAULT 'automatic',
    "payoutApprovalAboveCents" BIGINT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Merchant" ("callbackUrl", "createdAt", "fundsLock", "id", "mode", "name", "redirectOrigins", "updatedAt") SELECT "callbackUrl", "createdAt", "fundsLock", "id", "mode", "name", "redirectOrigins", "updatedAt" FROM "Merchant";
DROP TABLE "Merchant";
ALTER TABLE "new_Merchant" RENAME TO "Merchant";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

