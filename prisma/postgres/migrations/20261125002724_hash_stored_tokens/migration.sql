-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "payTokenHash" TEXT,
ADD COLUMN     "payTokenSealed" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_payTokenHash_key" ON "Transaction"("payTokenHash");

