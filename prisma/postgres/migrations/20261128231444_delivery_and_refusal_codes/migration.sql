-- AlterTable
ALTER TABLE "CallbackAttempt" ADD COLUMN     "errorCode" TEXT;

-- AlterTable
ALTER TABLE "Initiation" ADD COLUMN     "reasonCode" TEXT;

