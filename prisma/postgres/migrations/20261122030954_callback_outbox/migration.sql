-- CreateTable
CREATE TABLE "CallbackEvent" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "scheduleStep" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CallbackEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallbackAttempt" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT,
    "keyId" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "error" TEXT,
    "responseExcerpt" TEXT,
    "isSuccess" BOOLEAN NOT NULL,

    CONSTRAINT "CallbackAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CallbackEvent_status_nextAttemptAt_idx" ON "CallbackEvent"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "CallbackEvent_merchantId_createdAt_idx" ON "CallbackEvent"("merchantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CallbackAttempt_eventId_number_key" ON "CallbackAttempt"("eventId", "number");

-- AddForeignKey
ALTER TABLE "CallbackEvent" ADD CONSTRAINT "CallbackEvent_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallbackAttempt" ADD CONSTRAINT "CallbackAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "CallbackEvent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

