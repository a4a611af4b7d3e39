-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "claimedOutcome" TEXT;

-- A payout left processing by a marking before this column: the note its claim left on its last
-- event to processing says what it was claimed for.
UPDATE "Transaction" SET "claimedOutcome" = (
  SELECT CASE e."reason" WHEN 'marking completed' THEN 'completed' WHEN 'marking canceled' THEN 'canceled' END
  FROM "TransactionEvent" e
  WHERE e."transactionId" = "Transaction"."id" AND e."toStatus" = 'processing'
  ORDER BY e."createdAt" DESC
  LIMIT 1
)
WHERE "operation" = 'gateway_out' AND "status" = 'processing';
