-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN "failedRedirectUrl" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "payToken" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "returnUrl" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "successRedirectUrl" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_payToken_key" ON "Transaction"("payToken");

