-- AlterTable
ALTER TABLE "CallbackAttempt" ADD COLUMN     "forwarded" BOOLEAN NOT NULL DEFAULT false;

