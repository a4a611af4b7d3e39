-- AlterTable
ALTER TABLE "ProviderAccount" ADD COLUMN     "initiation" JSONB;

