// The smallest PNG writer: one IHDR, one IDAT, IEND. Enough for images drawn by code (the Pix QR);
// the signature is also how an uploaded logo is recognised.
import { crc32, deflateSync } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A PNG from its scanlines, each already prefixed with its filter byte. colorType 0 is grayscale,
 * 2 is RGB; deflate, no interlace.
 */
export function encodePng(image: {
  width: number;
  height: number;
  bitDepth: 1 | 8;
  colorType: 0 | 2;
  scanlines: Buffer;
}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([image.bitDepth, image.colorType, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(image.scanlines)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
