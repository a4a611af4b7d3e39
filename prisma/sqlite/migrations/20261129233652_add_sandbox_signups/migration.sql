-- CreateTable
CREATE TABLE "SandboxSignup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "emailDomain" TEXT NOT NULL,
    "merchantName" TEXT NOT NULL,
    "tokenHash" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "merchantId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxSignup_tokenHash_key" ON "SandboxSignup"("tokenHash");

-- CreateIndex
CREATE INDEX "SandboxSignup_email_createdAt_idx" ON "SandboxSignup"("email", "createdAt");

-- CreateIndex
CREATE INDEX "SandboxSignup_emailDomain_createdAt_idx" ON "SandboxSignup"("emailDomain", "createdAt");

