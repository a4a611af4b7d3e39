-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CallbackAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT,
    "keyId" TEXT,
    "startedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "latencyMs" INTEGER,
    "httpStatus" INTEGER,
    "errorCode" TEXT,
    "error" TEXT,
    "responseExcerpt" TEXT,
    "isSuccess" BOOLEAN NOT NULL DEFAULT false,
    "forwarded" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "CallbackAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "CallbackEvent" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_CallbackAttempt" ("error", "errorCode", "eventId", "finishedAt", "httpStatus", "id", "isSuccess", "keyId", "latencyMs", "number", "responseExcerpt", "startedAt", "url") SELECT "error", "errorCode", "eventId", "finishedAt", "httpStatus", "id", "isSuccess", "keyId", "latencyMs", "number", "responseExcerpt", "startedAt", "url" FROM "CallbackAttempt";
DROP TABLE "CallbackAttempt";
ALTER TABLE "new_CallbackAttempt" RENAME TO "CallbackAttempt";
CREATE INDEX "CallbackAttempt_startedAt_idx" ON "CallbackAttempt"("startedAt");
CREATE UNIQUE INDEX "CallbackAttempt_eventId_number_key" ON "CallbackAttempt"("eventId", "number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

