-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CallbackEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "objectId" TEXT,
    "mode" TEXT NOT NULL DEFAULT 'sandbox',
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "scheduleStep" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CallbackEvent_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_CallbackEvent" ("attempts", "createdAt", "deliveredAt", "id", "leaseExpiresAt", "leaseOwner", "merchantId", "nextAttemptAt", "objectId", "payload", "scheduleStep", "status", "type", "updatedAt") SELECT "attempts", "createdAt", "deliveredAt", "id", "leaseExpiresAt", "leaseOwner", "merchantId", "nextAttemptAt", "objectId", "payload", "scheduleStep", "status", "type", "updatedAt" FROM "CallbackEvent";
DROP TABLE "CallbackEvent";
ALTER TABLE "new_CallbackEvent" RENAME TO "CallbackEvent";
CREATE INDEX "CallbackEvent_status_nextAttemptAt_idx" ON "CallbackEvent"("status", "nextAttemptAt");
CREATE INDEX "CallbackEvent_merchantId_mode_createdAt_id_idx" ON "CallbackEvent"("merchantId", "mode", "createdAt", "id");
CREATE INDEX "CallbackEvent_objectId_idx" ON "CallbackEvent"("objectId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Events written before this change: the mode of the deposit, payout or refund each reports (the
-- merchant's own mode for one whose object is not found).
UPDATE "CallbackEvent" SET "mode" = COALESCE(
  (SELECT "mode" FROM "Transaction" WHERE "Transaction"."id" = "CallbackEvent"."objectId"),
  (SELECT "mode" FROM "Refund" WHERE "Refund"."id" = "CallbackEvent"."objectId"),
  (SELECT "mode" FROM "Merchant" WHERE "Merchant"."id" = "CallbackEvent"."merchantId")
);
