import QRCode from "qrcode";

/**
 * The QR image of a BR Code as a PNG data URI. Error correction M and a quiet zone of four
 * modules, as bank apps read best; 8 pixels a module keeps it sharp on a phone.
 */
export function renderQrCode(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 4, scale: 8, type: "image/png" });
}
