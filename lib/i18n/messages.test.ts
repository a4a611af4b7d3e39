import { describe, expect, it } from "vitest";
import { formatBrl, resolveLocale } from "./messages";

describe("resolveLocale", () => {
  it("is Portuguese unless English is asked for", () => {
    expect(resolveLocale(undefined, null)).toBe("pt-BR");
    expect(resolveLocale(undefined, "pt-BR,pt;q=0.9,en;q=0.8")).toBe("pt-BR");
    expect(resolveLocale(undefined, "en-US,en;q=0.9")).toBe("en");
    expect(resolveLocale(undefined, "fr-FR,en;q=0.5")).toBe("en");
    expect(resolveLocale(undefined, "fr-FR")).toBe("pt-BR");
    expect(resolveLocale("en", "pt-BR")).toBe("en");
    expect(resolveLocale("pt", "en-US")).toBe("pt-BR");
  });

  it("writes reais as each locale reads them, the sign spaced", () => {
    expect(formatBrl(123456n, "pt-BR").replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatBrl(1050n, "en").replace(/\s/g, " ")).toBe("R$ 10.50");
    expect(formatBrl(123456n, "en").replace(/\s/g, " ")).toBe("R$ 1,234.56");
  });
});
