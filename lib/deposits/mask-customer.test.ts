import { describe, expect, it } from "vitest";
import { maskAccount, maskCpf, maskEmail, maskPhone, maskPixKey } from "./mask-customer";

describe("masked customer data", () => {
  it("shows the middle six digits of a CPF, whatever its punctuation", () => {
    expect(maskCpf("52998224725")).toBe("***.982.247-**");
    expect(maskCpf("529.982.247-25")).toBe("***.982.247-**");
    expect(maskCpf("123")).toBe("***");
    expect(maskCpf(null)).toBe("");
  });

  it("keeps an e-mail's first letter and its domain", () => {
    expect(maskEmail("maria@example.com")).toBe("m***@example.com");
    expect(maskEmail("not-an-email")).toBe("***");
    expect(maskEmail(null)).toBe("");
  });

  it("keeps a phone's last four digits", () => {
    expect(maskPhone("+55 11 91234-5678")).toBe("***5678");
    expect(maskPhone("12345")).toBe("***");
    expect(maskPhone(null)).toBe("");
  });

  it("masks a Pix key by its kind, and leaves a random key or a CNPJ whole", () => {
    expect(maskPixKey("maria@example.com")).toBe("m***@example.com");
    expect(maskPixKey("52998224725")).toBe("***.982.247-**");
    expect(maskPixKey("+5511912345678")).toBe("***5678");
    expect(maskPixKey("123e4567-e89b-12d3-a456-426614174000")).toBe("123e4567-e89b-12d3-a456-426614174000");
    expect(maskPixKey("11222333000181")).toBe("11222333000181");
    expect(maskPixKey(null)).toBe("");
  });

  it("keeps an account number's last three characters", () => {
    expect(maskAccount("123456-7")).toBe("***6-7");
    expect(maskAccount("12")).toBe("***");
    expect(maskAccount(null)).toBe("");
  });
});
