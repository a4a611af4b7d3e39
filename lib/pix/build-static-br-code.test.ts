import { generatePixPayload } from "@brazilian-utils/brazilian-utils";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { buildStaticBrCode } from "./build-static-br-code";

// The static example of the Central Bank's "Manual de Padrões para Iniciação do Pix".
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("static BR Code", () => {
  it("the encoder reproduces the Central Bank manual's example to the last CRC digit", () => {
    expect(
      generatePixPayload({
        key: "123e4567-e12b-12d1-a456-426655440000",
        merchantName: "Fulano de Tal",
        merchantCity: "BRASILIA",
      }),
    ).toBe(MANUAL_EXAMPLE);
  });

  it("the independent decoder reads the manual's example, and rejects it with a wrong CRC", () => {
    expect(hasError(parsePix(MANUAL_EXAMPLE))).toBe(false);
    expect(hasError(parsePix(MANUAL_EXAMPLE.replace(/1D3D$/, "1D3E")))).toBe(true);
  });

  it("carries the key, MCC 0000, BRL, the amount, BR, name and city without accents, and the txid", () => {
    const code = buildStaticBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Açaí & Cia São João Ltda Muito Longa",
      merchantCity: "São José dos Campos",
      amountCents: 123456n,
      txid: "ABC123xyz0000000000000009",
    });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      countryCode: "BR",
      transactionAmount: 1234.56,
      txid: "ABC123xyz0000000000000009",
    });
    const { merchantName, merchantCity } = parsed as { merchantName: string; merchantCity: string };
    expect(merchantName).toBe("Acai & Cia Sao Joao Ltda");
    expect(merchantName.length).toBeLessThanOrEqual(25);
    expect(merchantCity).toBe("Sao Jose dos Ca");
    expect(code).toContain("0014br.gov.bcb.pix");
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  it("refuses a txid that is not 1 to 25 letters and digits", () => {
    const base = {
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "X",
      merchantCity: "Y",
      amountCents: 100n,
    };
    expect(() => buildStaticBrCode({ ...base, txid: "A".repeat(26) })).toThrow(/txid/);
    expect(() => buildStaticBrCode({ ...base, txid: "AB-12" })).toThrow(/txid/);
  });
});
