-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "payoutApproval" TEXT NOT NULL DEFAULT 'automatic',
ADD COLUMN     "payoutApprovalAboveCents" BIGINT,
ADD COLUMN     "providerRoutes" JSONB;

-- CreateTable
CREATE TABLE "ProviderAccount" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "tokenUrl" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "pixKey" TEXT NOT NULL,
    "rails" JSONB NOT NULL,
    "profile" TEXT,
    "secretsCiphertext" TEXT NOT NULL,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProviderAccount_pkey" PRIMARY KEY ("id")
);

