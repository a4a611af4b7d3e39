-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "amountOpen" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "methodOpen" BOOLEAN NOT NULL DEFAULT false;


-- Rows written before this change: a Gateway In amount not typed yet was open; a method the shop
-- did not send was open (one already chosen on the form is taken as settled); every Payment
-- Initiation leaves the bank to the customer.
UPDATE "Transaction" SET "amountOpen" = "amountEditable" WHERE "operation" = 'gateway_in';
UPDATE "Transaction" SET "methodOpen" = true WHERE ("operation" = 'gateway_in' AND "paymentMethod" IS NULL) OR "operation" = 'payment_initiation';
