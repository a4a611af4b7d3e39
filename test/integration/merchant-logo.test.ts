// A merchant's logo: set by `merchant update --logo FILE` (a real process), recognised by its
// bytes, served from the gateway's own origin by the payment's token, and linked from the pages.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { GET as logoRoute } from "@/app/pay/[token]/logo/route";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { renderQrCode } from "@/lib/pix/render-qr-code";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";
import { runTool } from "../support/run-tool";

const folder = mkdtempSync(path.join(tmpdir(), "cashier-logo-"));
const file = (name: string, bytes: Buffer | string) => {
  const written = path.join(folder, name);
  writeFileSync(written, bytes);
  return written;
};
// A real PNG (the gateway's own QR renderer) and a real 1×1 lossless WebP.
const png = Buffer.from(renderQrCode("logo").replace(/^data:image\/png;base64,/, ""), "base64");
const webp = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

let merchant: TestMerchant;
let sequence = 0;

const cashier = (...args: string[]) => runTool("cashier", args);

async function openPayment(): Promise<string> {
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "10.50",
    reference: `logo-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    brand: "Assinatura Premium",
    successRedirectUrl: "https://shop.example/ok",
    failedRedirectUrl: "https://shop.example/falhou",
  };
  const { data: answer } = await readSigned(await postSigned(paymentInitiation, merchant, data), merchant);
  return String(answer.paymentInitiationUrl).split("/pay/")[1];
}

const getLogo = (token: string) =>
  logoRoute(new Request(`http://localhost/pay/${token}/logo`), { params: Promise.resolve({ token }) });

beforeAll(async () => {
  merchant = await createTestMerchant({ redirectOrigins: ["https://shop.example"] });
});

// A test runs the CLI up to nine times, a TypeScript process each: past a minute when the
// end-to-end suite shares the two cores.
describe("merchant update --logo", { timeout: 180_000 }, () => {
  it("takes a PNG, serves it by the payment's token with its type, and links it from the page, versioned by its digest", async () => {
    const token = await openPayment();
    expect(await findHostedPayment(token)).toMatchObject({
      merchantLogoUrl: null,
      deposit: { brand: "Assinatura Premium" },
    });
    expect((await getLogo(token)).status).toBe(404);

    const result = await cashier("merchant", "update", merchant.merchantId, "--logo", file("logo.png", png));
    expect(result.stderr).toBe("");
    const printed = JSON.parse(result.stdout) as { logo: { contentType: string; bytes: number; digest: string } };
    expect(printed.logo).toMatchObject({ contentType: "image/png", bytes: png.length });

    const response = await getLogo(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect((await findHostedPayment(token))?.merchantLogoUrl).toBe(`/pay/${token}/logo?v=${printed.logo.digest}`);

    // Replaced by a WebP: a new address; removed: no logo, and the address is gone.
    expect(
      JSON.parse((await cashier("merchant", "update", merchant.merchantId, "--logo", file("logo.webp", webp))).stdout),
    ).toMatchObject({ logo: { contentType: "image/webp" } });
    expect((await getLogo(token)).headers.get("content-type")).toBe("image/webp");
    expect((await findHostedPayment(token))?.merchantLogoUrl).not.toContain(printed.logo.digest);
    expect(JSON.parse((await cashier("merchant", "update", merchant.merchantId, "--no-logo")).stdout)).toEqual({
      merchantId: merchant.merchantId,
      logo: null,
    });
    expect((await getLogo(token)).status).toBe(404);
    expect((await findHostedPayment(token))?.merchantLogoUrl).toBeNull();
  });

  it("refuses an SVG, an oversized file, anything that is not a PNG or WebP, and an unknown merchant, changing nothing", async () => {
    await cashier("merchant", "update", merchant.merchantId, "--logo", file("kept.png", png));
    const refusals: [string, RegExp][] = [
      [
        file(
          "logo.svg",
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        /SVG is not accepted .*PNG or WebP/,
      ],
      [file("big.png", Buffer.concat([png, Buffer.alloc(64 * 1024)])), /at most 65536 \(64 KiB\)/],
      [file("logo.png.txt", "not an image"), /not a PNG or WebP image/],
      [file("empty.png", ""), /empty/],
      [path.join(folder, "missing.png"), /cannot read/],
    ];
    for (const [logo, message] of refusals) {
      const result = await cashier("merchant", "update", merchant.merchantId, "--logo", logo);
      expect(result.code, logo).toBe(1);
      expect(result.stderr).toMatch(message);
    }
    const token = await openPayment();
    expect((await getLogo(token)).headers.get("content-type")).toBe("image/png");
    expect((await cashier("merchant", "update", "mer_unknown", "--logo", file("other.png", png))).stderr).toMatch(
      /no merchant mer_unknown/,
    );
    expect(
      (await cashier("merchant", "update", merchant.merchantId, "--logo", file("x.png", png), "--no-logo")).code,
    ).toBe(2);
  });
});
