-- CreateIndex
CREATE INDEX "CallbackEvent_status_createdAt_idx" ON "CallbackEvent"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CallbackAttempt_startedAt_idx" ON "CallbackAttempt"("startedAt");

