-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "requestsPerMinute" INTEGER;

