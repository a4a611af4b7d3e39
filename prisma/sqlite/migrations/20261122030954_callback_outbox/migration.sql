-- CreateTable
CREATE TABLE "CallbackEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "merchantId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
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

-- CreateTable
CREATE TABLE "CallbackAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT,
    "keyId" TEXT,
    "startedAt" DATETIME NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "error" TEXT,
    "responseExcerpt" TEXT,
    "isSuccess" BOOLEAN NOT NULL,
    CONSTRAINT "CallbackAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "CallbackEvent" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CallbackEvent_status_nextAttemptAt_idx" ON "CallbackEvent"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "CallbackEvent_merchantId_createdAt_idx" ON "CallbackEvent"("merchantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CallbackAttempt_eventId_number_key" ON "CallbackAttempt"("eventId", "number");

