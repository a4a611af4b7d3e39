-- CreateTable
CREATE TABLE "MerchantLogo" (
    "merchantId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "digest" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MerchantLogo_pkey" PRIMARY KEY ("merchantId")
);

-- AddForeignKey
ALTER TABLE "MerchantLogo" ADD CONSTRAINT "MerchantLogo_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

