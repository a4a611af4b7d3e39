import { describe, expect, it } from "vitest";
import { filterTypedBrl, formatTypedBrl, maskTypedCpf, parseTypedBrl } from "./typed-input";

describe("typed amounts in Portuguese", () => {
  it("reads reais as Brazilians write them", () => {
    expect(parseTypedBrl("1.234,56", "pt-BR")).toBe(123456n);
    expect(parseTypedBrl("1234,56", "pt-BR")).toBe(123456n);
    expect(parseTypedBrl("1.000", "pt-BR")).toBe(100000n);
    expect(parseTypedBrl("R$ 50", "pt-BR")).toBe(5000n);
    expect(parseTypedBrl("75,5", "pt-BR")).toBe(7550n);
  });

  it("refuses what is ambiguous or not an amount", () => {
    expect(parseTypedBrl("50.5", "pt-BR")).toBeNull();
    expect(parseTypedBrl("1.23,45", "pt-BR")).toBeNull();
    expect(parseTypedBrl("1,234.56", "pt-BR")).toBeNull();
    expect(parseTypedBrl("", "pt-BR")).toBeNull();
    expect(parseTypedBrl("abc", "pt-BR")).toBeNull();
  });

  it("formats and filters as the customer types", () => {
    expect(formatTypedBrl(123456n, "pt-BR")).toBe("1.234,56");
    expect(formatTypedBrl(5n, "pt-BR")).toBe("0,05");
    expect(filterTypedBrl("R$ 1.234,5a6", "pt-BR")).toBe("1.234,56");
    expect(filterTypedBrl("1,2,3", "pt-BR")).toBe("1,23");
  });
});

describe("typed amounts in English", () => {
  it("reads reais as English writes them, its own example included", () => {
    expect(parseTypedBrl("50.00", "en")).toBe(5000n);
    expect(parseTypedBrl("1,234.56", "en")).toBe(123456n);
    expect(parseTypedBrl("1234.56", "en")).toBe(123456n);
    expect(parseTypedBrl("1,000", "en")).toBe(100000n);
    expect(parseTypedBrl("R$ 50", "en")).toBe(5000n);
    expect(parseTypedBrl("75.5", "en")).toBe(7550n);
  });

  it("refuses the Portuguese decimal comma rather than guess", () => {
    expect(parseTypedBrl("50,5", "en")).toBeNull();
    expect(parseTypedBrl("1.234,56", "en")).toBeNull();
    expect(parseTypedBrl("1,23.45", "en")).toBeNull();
    expect(parseTypedBrl("1.2.3", "en")).toBeNull();
  });

  it("keeps the grouping commas while typed and formats with them", () => {
    expect(filterTypedBrl("1,234.56", "en")).toBe("1,234.56");
    expect(filterTypedBrl("R$ 1,234.5a6", "en")).toBe("1,234.56");
    expect(filterTypedBrl("1.2.3", "en")).toBe("1.23");
    expect(formatTypedBrl(123456n, "en")).toBe("1,234.56");
    expect(formatTypedBrl(5000n, "en")).toBe("50.00");
  });
});

describe("typed CPF", () => {
  it("keeps digits only, punctuated", () => {
    expect(maskTypedCpf("abc529982247250")).toBe("529.982.247-25");
    expect(maskTypedCpf("5299")).toBe("529.9");
    expect(maskTypedCpf("x")).toBe("");
  });
});
