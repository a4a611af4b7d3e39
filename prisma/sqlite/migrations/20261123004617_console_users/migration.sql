-- CreateTable
CREATE TABLE "ConsoleUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "merchantId" TEXT,
    "passwordHash" TEXT,
    "totpSecretCiphertext" TEXT,
    "totpEnabledAt" DATETIME,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ConsoleSetupToken" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConsoleSetupToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConsoleRecoveryCode" (
    "codeHash" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConsoleRecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idleExpiresAt" DATETIME NOT NULL,
    "absoluteExpiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    "ip" TEXT,
    "userAgent" TEXT,
    CONSTRAINT "ConsoleSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleUser_email_key" ON "ConsoleUser"("email");

-- CreateIndex
CREATE INDEX "ConsoleUser_merchantId_idx" ON "ConsoleUser"("merchantId");

-- CreateIndex
CREATE INDEX "ConsoleSetupToken_userId_idx" ON "ConsoleSetupToken"("userId");

-- CreateIndex
CREATE INDEX "ConsoleRecoveryCode_userId_idx" ON "ConsoleRecoveryCode"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleSession_tokenHash_key" ON "ConsoleSession"("tokenHash");

-- CreateIndex
CREATE INDEX "ConsoleSession_userId_idx" ON "ConsoleSession"("userId");

