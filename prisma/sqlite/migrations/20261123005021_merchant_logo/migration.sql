-- CreateTable
CREATE TABLE "MerchantLogo" (
    "merchantId" TEXT NOT NULL PRIMARY KEY,
    "contentType" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "digest" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "MerchantLogo_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

