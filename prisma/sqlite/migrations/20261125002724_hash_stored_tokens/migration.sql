-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN "payTokenHash" TEXT;
ALTER TABLE "Transaction" ADD COLUMN "payTokenSealed" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_payTokenHash_key" ON "Transaction"("payTokenHash");

