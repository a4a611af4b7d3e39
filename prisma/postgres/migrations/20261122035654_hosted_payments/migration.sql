-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "failedRedirectUrl" TEXT,
ADD COLUMN     "payToken" TEXT,
ADD COLUMN     "returnUrl" TEXT,
ADD COLUMN     "successRedirectUrl" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_payToken_key" ON "Transaction"("payToken");

