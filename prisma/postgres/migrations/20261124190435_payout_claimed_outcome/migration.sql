-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "claimedOutcome" TEXT;

