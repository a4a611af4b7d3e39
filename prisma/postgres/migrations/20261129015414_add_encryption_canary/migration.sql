-- CreateTable
CREATE TABLE "EncryptionCanary" (
    "id" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "sealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EncryptionCanary_pkey" PRIMARY KEY ("id")
);

