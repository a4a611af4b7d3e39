-- AlterTable
ALTER TABLE "CallbackAttempt" ADD COLUMN     "finishedAt" TIMESTAMP(3),
ALTER COLUMN "latencyMs" DROP NOT NULL,
ALTER COLUMN "isSuccess" SET DEFAULT false;


-- Attempts recorded before this change were complete when written.
UPDATE "CallbackAttempt" SET "finishedAt" = "startedAt";
