-- CreateTable
CREATE TABLE "ConsoleUser" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "merchantId" TEXT,
    "passwordHash" TEXT,
    "totpSecretCiphertext" TEXT,
    "totpEnabledAt" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleSetupToken" (
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsoleSetupToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "ConsoleRecoveryCode" (
    "codeHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsoleRecoveryCode_pkey" PRIMARY KEY ("codeHash")
);

-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idleExpiresAt" TIMESTAMP(3) NOT NULL,
    "absoluteExpiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "ip" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "ConsoleSession_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ConsoleSetupToken" ADD CONSTRAINT "ConsoleSetupToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleRecoveryCode" ADD CONSTRAINT "ConsoleRecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleSession" ADD CONSTRAINT "ConsoleSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

