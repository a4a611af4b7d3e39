-- CreateTable
CREATE TABLE "SandboxSignup" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailDomain" TEXT NOT NULL,
    "merchantName" TEXT NOT NULL,
    "tokenHash" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "merchantId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SandboxSignup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxSignup_tokenHash_key" ON "SandboxSignup"("tokenHash");

-- CreateIndex
CREATE INDEX "SandboxSignup_email_createdAt_idx" ON "SandboxSignup"("email", "createdAt");

-- CreateIndex
CREATE INDEX "SandboxSignup_emailDomain_createdAt_idx" ON "SandboxSignup"("emailDomain", "createdAt");

