import { describe, expect, it } from "vitest";
import { maskCpf, maskEmail } from "./mask-customer";

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
});
