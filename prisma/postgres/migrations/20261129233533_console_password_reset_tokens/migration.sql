-- CreateTable
CREATE TABLE "ConsolePasswordResetToken" (
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsolePasswordResetToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateIndex
CREATE INDEX "ConsolePasswordResetToken_userId_idx" ON "ConsolePasswordResetToken"("userId");

-- AddForeignKey
ALTER TABLE "ConsolePasswordResetToken" ADD CONSTRAINT "ConsolePasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

