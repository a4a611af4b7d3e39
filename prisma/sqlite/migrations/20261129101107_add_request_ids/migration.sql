-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN "requestId" TEXT;

-- AlterTable
ALTER TABLE "CallbackEvent" ADD COLUMN "requestId" TEXT;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "requestId" TEXT;

