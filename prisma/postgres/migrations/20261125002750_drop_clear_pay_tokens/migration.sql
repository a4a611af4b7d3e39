-- DropIndex
DROP INDEX "Transaction_payToken_key";

-- AlterTable
ALTER TABLE "Transaction" DROP COLUMN "payToken";

