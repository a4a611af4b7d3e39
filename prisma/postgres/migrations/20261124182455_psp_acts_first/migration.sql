-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "notFoundAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "OperatorAlert" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "merchantId" TEXT,
    "objectId" TEXT,
    "amountCents" BIGINT,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedBy" TEXT,

    CONSTRAINT "OperatorAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "PspReturn" (
    "id" TEXT NOT NULL,
    "endToEndId" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "isSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "providerRefundId" TEXT,
    "reasonCode" TEXT,
    "reason" TEXT,
    "requestedBy" TEXT NOT NULL,
    "settledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PspReturn_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OperatorAlert_resolvedAt_createdAt_idx" ON "OperatorAlert"("resolvedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OperatorAlert_kind_subject_key" ON "OperatorAlert"("kind", "subject");

-- CreateIndex
CREATE INDEX "PspReturn_endToEndId_idx" ON "PspReturn"("endToEndId");

-- CreateIndex
CREATE INDEX "PspReturn_status_createdAt_idx" ON "PspReturn"("status", "createdAt");

