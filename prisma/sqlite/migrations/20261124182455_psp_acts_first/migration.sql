-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "notFoundAt" DATETIME;

-- CreateTable
CREATE TABLE "OperatorAlert" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "merchantId" TEXT,
    "objectId" TEXT,
    "amountCents" BIGINT,
    "message" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    "resolvedBy" TEXT
);

-- CreateTable
CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PspReturn" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endToEndId" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "isSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "providerRefundId" TEXT,
    "reasonCode" TEXT,
    "reason" TEXT,
    "requestedBy" TEXT NOT NULL,
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "OperatorAlert_resolvedAt_createdAt_idx" ON "OperatorAlert"("resolvedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OperatorAlert_kind_subject_key" ON "OperatorAlert"("kind", "subject");

-- CreateIndex
CREATE INDEX "PspReturn_endToEndId_idx" ON "PspReturn"("endToEndId");

-- CreateIndex
CREATE INDEX "PspReturn_status_createdAt_idx" ON "PspReturn"("status", "createdAt");

