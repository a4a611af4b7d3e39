// What a customer types into the hosted forms, read the way the page's language writes it:
// Brazilians "1.234,56", English "1,234.56". Shared by the forms (masking as they type, the header
// amount following) and the server that reads the posted form.
import type { Locale } from "./messages";

/** A locale's thousands separator and decimal mark, and what an amount written in it looks like. */
const NOTATION = {
  "pt-BR": { group: ".", decimal: ",", grouped: /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/, plain: /^\d+(,\d{1,2})?$/ },
  en: { group: ",", decimal: ".", grouped: /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/, plain: /^\d+(\.\d{1,2})?$/ },
} as const;

/**
 * Reais in centavos, as the locale writes them: "1.234,56", "1234,56", "1.000" and "50" in
 * Portuguese; "1,234.56", "1234.56", "50.00" and "50" in English. Null for anything else, such as
 * the other locale's decimal mark ("50.5" in Portuguese, "50,5" in English): never guessed.
 */
export function parseTypedBrl(typed: string, locale: Locale): bigint | null {
  const { group, decimal, grouped, plain } = NOTATION[locale];
  const text = typed.replace(/^R\$/, "").replace(/\s/g, "");
  if (!grouped.test(text) && !plain.test(text)) return null;
  const [reais, centavos = ""] = text.replaceAll(group, "").split(decimal);
  return BigInt(reais) * 100n + BigInt(centavos.padEnd(2, "0"));
}

/** Centavos as the field shows them once typed: "1.234,56", or "1,234.56" in English. */
export function formatTypedBrl(cents: bigint, locale: Locale): string {
  const { group, decimal } = NOTATION[locale];
  const reais = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${reais}${decimal}${(cents % 100n).toString().padStart(2, "0")}`;
}

/** Keeps what an amount may hold: digits, the thousands separator and one decimal mark. */
export function filterTypedBrl(typed: string, locale: Locale): string {
  const { decimal } = NOTATION[locale];
  const kept = typed.replace(/[^\d.,]/g, "");
  const mark = kept.indexOf(decimal);
  return mark === -1 ? kept : kept.slice(0, mark + 1) + kept.slice(mark + 1).replace(/[.,]/g, "");
}

/** Digits only, punctuated as they come: "5299822" → "529.982.2"; letters never enter. */
export function maskTypedCpf(typed: string): string {
  const d = typed.replace(/\D/g, "").slice(0, 11);
  return (
    [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join(".") + (d.length > 9 ? `-${d.slice(9)}` : "")
  );
}
