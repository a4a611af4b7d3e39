import type { DbOrTx } from "./client";

export type MerchantLogoRecord = {
  merchantId: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  digest: string;
};

export async function saveMerchantLogo(db: DbOrTx, logo: MerchantLogoRecord): Promise<void> {
  const { merchantId, ...image } = logo;
  await db.merchantLogo.upsert({ where: { merchantId }, create: logo, update: image });
}

export async function deleteMerchantLogo(db: DbOrTx, merchantId: string): Promise<void> {
  await db.merchantLogo.deleteMany({ where: { merchantId } });
}

/** The logo's digest alone, for a page that links to it without reading the image. */
export async function findMerchantLogoDigest(db: DbOrTx, merchantId: string): Promise<string | null> {
  const row = await db.merchantLogo.findUnique({ where: { merchantId }, select: { digest: true } });
  return row?.digest ?? null;
}

export async function findMerchantLogo(db: DbOrTx, merchantId: string): Promise<MerchantLogoRecord | null> {
  return db.merchantLogo.findUnique({
    where: { merchantId },
    select: { merchantId: true, contentType: true, bytes: true, digest: true },
  });
}
