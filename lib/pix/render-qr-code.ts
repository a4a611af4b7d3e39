// The QR image of a BR Code as a PNG data URI. qrcode builds the matrix; the PNG is written here
// as 1-bit grayscale, which is what a two-colour QR needs: about five times faster and four
// times smaller than qrcode's own 8-bit RGBA PNG, and the image is most of a Pix deposit's cost
// (bench/pix.ts measures it).
import QRCode from "qrcode";
import { encodePng } from "../images/encode-png";

/** 8 pixels a module keeps it sharp on a phone; a quiet zone of four modules, as readers expect. */
const SCALE = 8;
const QUIET_ZONE = 4;

// A BR Code is always the same kind of text, so the encoder's search is skipped: one byte-mode
// segment instead of its segment optimiser, and a fixed mask instead of scoring all eight (any
// mask is valid; the score only tunes contrast patterns). About ten times faster, and readers
// decode it alike (the tests read it back with jsQR).
const FIXED_MASK = 0;

export function renderQrCode(text: string): string {
  const segments = [{ data: Buffer.from(text, "utf8"), mode: "byte" as const }];
  const { modules } = QRCode.create(segments, { errorCorrectionLevel: "M", maskPattern: FIXED_MASK });
  const pixels = (modules.size + 2 * QUIET_ZONE) * SCALE;
  const rowBytes = Math.ceil(pixels / 8);
  // Each scanline: filter type 0, then one bit a pixel, 1 white and 0 black.
  const raw = Buffer.alloc((rowBytes + 1) * pixels);
  const line = Buffer.alloc(rowBytes);
  for (let y = 0; y < pixels; y++) {
    const moduleRow = Math.floor(y / SCALE) - QUIET_ZONE;
    if (y % SCALE === 0) {
      line.fill(0xff);
      if (moduleRow >= 0 && moduleRow < modules.size) {
        for (let column = 0; column < modules.size; column++) {
          if (!modules.get(moduleRow, column)) continue;
          for (let x = (column + QUIET_ZONE) * SCALE, end = x + SCALE; x < end; x++) line[x >> 3] &= ~(0x80 >> (x & 7));
        }
      }
    }
    line.copy(raw, y * (rowBytes + 1) + 1);
  }
  // 1-bit grayscale: two colours need no more.
  const png = encodePng({ width: pixels, height: pixels, bitDepth: 1, colorType: 0, scanlines: raw });
  return `data:image/png;base64,${png.toString("base64")}`;
}
