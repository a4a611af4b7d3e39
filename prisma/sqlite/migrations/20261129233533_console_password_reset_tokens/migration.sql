-- CreateTable
CREATE TABLE "ConsolePasswordResetToken" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConsolePasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ConsolePasswordResetToken_userId_idx" ON "ConsolePasswordResetToken"("userId");

