// What a customer types into the hosted forms, read the way Brazilians write it. Shared by the
// forms (masking as they type, the header amount following) and the server actions.

const GROUPED = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/;
const PLAIN = /^\d+(,\d{1,2})?$/;

/** "1.234,56", "1234,56", "1.000" and "50" in centavos; null for anything else ("50.5" included). */
export function parseTypedBrl(typed: string): bigint | null {
  const text = typed.replace(/^R\$/, "").replace(/\s/g, "");
  if (!GROUPED.test(text) && !PLAIN.test(text)) return null;
  const [reais, centavos = ""] = text.replace(/\./g, "").split(",");
  return BigInt(reais) * 100n + BigInt(centavos.padEnd(2, "0"));
}

/** Centavos as the field shows them once typed: "1.234,56". */
export function formatTypedBrl(cents: bigint): string {
  const reais = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${reais},${(cents % 100n).toString().padStart(2, "0")}`;
}

/** Keeps what an amount may hold: digits, dots and one comma. */
export function filterTypedBrl(typed: string): string {
  const kept = typed.replace(/[^\d.,]/g, "");
  const comma = kept.indexOf(",");
  return comma === -1 ? kept : kept.slice(0, comma + 1) + kept.slice(comma + 1).replace(/[.,]/g, "");
}

/** Digits only, punctuated as they come: "5299822" → "529.982.2"; letters never enter. */
export function maskTypedCpf(typed: string): string {
  const d = typed.replace(/\D/g, "").slice(0, 11);
  return (
    [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join(".") + (d.length > 9 ? `-${d.slice(9)}` : "")
  );
}

/**
 * An amount typed the way the console's language writes money: "1.234,56" in Portuguese,
 * "1,234.56" and "50.00" in English, which swaps the two separators and is read as its mirror.
 */
export function parseLocaleBrl(typed: string, locale: "pt-BR" | "en"): bigint | null {
  if (locale === "pt-BR") return parseTypedBrl(typed);
  return parseTypedBrl(typed.replace(/[.,]/g, (separator) => (separator === "." ? "," : ".")));
}

/** Centavos as the console's language types them: "1.234,56", or "1,234.56" in English. */
export function formatLocaleTypedBrl(cents: bigint, locale: "pt-BR" | "en"): string {
  const typed = formatTypedBrl(cents);
  return locale === "pt-BR" ? typed : typed.replace(/[.,]/g, (separator) => (separator === "." ? "," : "."));
}
