-- AlterTable
ALTER TABLE "ConsoleUser" ADD COLUMN "totpLastStep" INTEGER;

