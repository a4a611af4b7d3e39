import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { decodeQrDataUri } from "../../test/support/decode-qr";
import { renderQrCode } from "./render-qr-code";

const brCode =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654071234.565802BR5915Cashier Sandbox6009Sao Paulo62290525ABC123XYZ000000000000000963041234";

describe("renderQrCode", () => {
  it("writes a PNG that a QR reader decodes to exactly the text", () => {
    const uri = renderQrCode(brCode);
    expect(uri).toMatch(/^data:image\/png;base64,/);
    expect(decodeQrDataUri(uri)).toBe(brCode);
  });

  it("is a square 1-bit grayscale image, 8 pixels a module with a 4-module quiet zone", () => {
    const png = PNG.sync.read(Buffer.from(renderQrCode(brCode).split(",")[1], "base64"));
    expect(png.width).toBe(png.height);
    expect(png.width % 8).toBe(0);
    expect(png.depth).toBe(1);
    // the corner is quiet zone: white
    expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("decodes short and long payloads alike", () => {
    for (const text of ["x", brCode.repeat(2)]) expect(decodeQrDataUri(renderQrCode(text))).toBe(text);
  });
});
