import { describe, expect, it } from "vitest";
import {
  filterTypedBrl,
  formatTypedBrl,
  maskTypedCpf,
  parseTypedBrl,
  formatLocaleTypedBrl,
  parseLocaleBrl,
} from "./typed-input";

describe("typed amounts", () => {
  it("reads reais as Brazilians write them", () => {
    expect(parseTypedBrl("1.234,56")).toBe(123456n);
    expect(parseTypedBrl("1234,56")).toBe(123456n);
    expect(parseTypedBrl("1.000")).toBe(100000n);
    expect(parseTypedBrl("R$ 50")).toBe(5000n);
    expect(parseTypedBrl("75,5")).toBe(7550n);
  });

  it("refuses what is ambiguous or not an amount", () => {
    expect(parseTypedBrl("50.5")).toBeNull();
    expect(parseTypedBrl("1.23,45")).toBeNull();
    expect(parseTypedBrl("")).toBeNull();
    expect(parseTypedBrl("abc")).toBeNull();
  });

  it("formats and filters as the customer types", () => {
    expect(formatTypedBrl(123456n)).toBe("1.234,56");
    expect(formatTypedBrl(5n)).toBe("0,05");
    expect(filterTypedBrl("R$ 1.234,5a6")).toBe("1.234,56");
    expect(filterTypedBrl("1,2,3")).toBe("1,23");
  });
});

describe("typed CPF", () => {
  it("keeps digits only, punctuated", () => {
    expect(maskTypedCpf("abc529982247250")).toBe("529.982.247-25");
    expect(maskTypedCpf("5299")).toBe("529.9");
    expect(maskTypedCpf("x")).toBe("");
  });
});

describe("amounts in the console's language", () => {
  it("reads each language's own way of writing money, and refuses the other's", () => {
    expect(parseLocaleBrl("1.234,56", "pt-BR")).toBe(123456n);
    expect(parseLocaleBrl("50", "pt-BR")).toBe(5000n);
    expect(parseLocaleBrl("50.00", "pt-BR")).toBeNull();
    expect(parseLocaleBrl("1,234.56", "en")).toBe(123456n);
    expect(parseLocaleBrl("50.00", "en")).toBe(5000n);
    expect(parseLocaleBrl("1.234,56", "en")).toBeNull();
    expect(parseLocaleBrl("dez", "en")).toBeNull();
  });

  it("writes centavos back as each language types them", () => {
    expect(formatLocaleTypedBrl(123456n, "pt-BR")).toBe("1.234,56");
    expect(formatLocaleTypedBrl(123456n, "en")).toBe("1,234.56");
  });
});
