-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "lastUsedAt" DATETIME;

