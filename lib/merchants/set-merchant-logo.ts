// `merchant update --logo FILE | --no-logo`: the logo shown beside the merchant's name on the
// hosted pages. The image is recognised by its own bytes, never by a file name or a declared type,
// because the gateway serves it from its own origin, beside the payment pages.
import { createHash } from "node:crypto";
import { getDb } from "../db/client";
import { deleteMerchantLogo, saveMerchantLogo } from "../db/merchant-logos";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { PNG_SIGNATURE } from "../images/encode-png";

export const MAX_LOGO_BYTES = 64 * 1024;

/** image/png or image/webp when the bytes are one (a PNG's header chunk, a WebP's RIFF frame), else why not. */
export function recogniseLogo(
  bytes: Buffer,
): { ok: true; contentType: "image/png" | "image/webp" } | { ok: false; reason: string } {
  if (bytes.length === 0) return { ok: false, reason: "the file is empty" };
  if (bytes.length > MAX_LOGO_BYTES)
    return {
      ok: false,
      reason: `the file has ${bytes.length} bytes; a logo may have at most ${MAX_LOGO_BYTES} (64 KiB)`,
    };
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString("latin1", 12, 16) === "IHDR")
    return { ok: true, contentType: "image/png" };
  if (
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP" &&
    bytes.readUInt32LE(4) + 8 === bytes.length
  ) {
    return { ok: true, contentType: "image/webp" };
  }
  // An SVG is a document: it can carry script, event handlers and references to other addresses.
  // Served from the gateway's origin it would sit beside the payment pages; no sanitiser is shipped
  // that we would trust with that, so it is refused with the way round it.
  if (/<svg[\s>]/i.test(bytes.toString("utf8", 0, Math.min(bytes.length, 4096)))) {
    return { ok: false, reason: "SVG is not accepted (an SVG can carry script); export the logo as PNG or WebP" };
  }
  return { ok: false, reason: "the file is not a PNG or WebP image" };
}

export async function setMerchantLogo(merchantId: string, bytes: Buffer | null) {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  if (bytes === null) {
    await deleteMerchantLogo(getDb(), merchantId);
    return { merchantId, logo: null };
  }
  const recognised = recogniseLogo(bytes);
  if (!recognised.ok) throw new AppError("invalid_argument", `--logo: ${recognised.reason}`);
  const digest = createHash("sha256").update(bytes).digest("base64url");
  await saveMerchantLogo(getDb(), {
    merchantId,
    contentType: recognised.contentType,
    bytes: new Uint8Array(bytes),
    digest,
  });
  return { merchantId, logo: { contentType: recognised.contentType, bytes: bytes.length, digest } };
}
