-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "amountEditable" BOOLEAN NOT NULL DEFAULT false;

