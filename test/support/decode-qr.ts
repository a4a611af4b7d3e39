import jsQR from "jsqr";
import { PNG } from "pngjs";

/** Reads a QR data URI the way a phone camera would: the PNG's pixels, then a QR reader. */
export function decodeQrDataUri(dataUri: string): string | null {
  const prefix = "data:image/png;base64,";
  if (!dataUri.startsWith(prefix)) throw new Error(`not a PNG data URI: ${dataUri.slice(0, 30)}`);
  const png = PNG.sync.read(Buffer.from(dataUri.slice(prefix.length), "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
