-- CreateIndex
CREATE INDEX "Transaction_status_provider_createdAt_id_idx" ON "Transaction"("status", "provider", "createdAt", "id");

