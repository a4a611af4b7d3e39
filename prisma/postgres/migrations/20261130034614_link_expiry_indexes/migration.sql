-- CreateIndex
CREATE INDEX "ConsoleSetupToken_expiresAt_idx" ON "ConsoleSetupToken"("expiresAt");

-- CreateIndex
CREATE INDEX "ConsolePasswordResetToken_expiresAt_idx" ON "ConsolePasswordResetToken"("expiresAt");

-- CreateIndex
CREATE INDEX "SandboxSignup_expiresAt_idx" ON "SandboxSignup"("expiresAt");

