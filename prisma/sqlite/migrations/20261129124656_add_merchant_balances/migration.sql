-- AlterTable
ALTER TABLE "LedgerEntry" ADD COLUMN "sequence" INTEGER;

-- CreateTable
CREATE TABLE "MerchantBalance" (
    "merchantId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "availableCents" BIGINT NOT NULL DEFAULT 0,
    "reservedCents" BIGINT NOT NULL DEFAULT 0,
    "entries" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("merchantId", "mode"),
    CONSTRAINT "MerchantBalance_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_merchantId_mode_sequence_key" ON "LedgerEntry"("merchantId", "mode", "sequence");


-- Backfill: every entry numbered within its merchant and mode (oldest first, then by id, as the
-- ledger pages order them), and each balance row the sums and count of its entries.
UPDATE "LedgerEntry" SET "sequence" = "numbered"."n"
FROM (
    SELECT "id", ROW_NUMBER() OVER (PARTITION BY "merchantId", "mode" ORDER BY "createdAt", "id") AS "n"
    FROM "LedgerEntry"
) AS "numbered"
WHERE "numbered"."id" = "LedgerEntry"."id";

INSERT INTO "MerchantBalance" ("merchantId", "mode", "availableCents", "reservedCents", "entries")
SELECT "merchantId", "mode", SUM("availableDeltaCents"), SUM("reservedDeltaCents"), COUNT(*)
FROM "LedgerEntry"
GROUP BY "merchantId", "mode";
