// Contract section 3: an amount is a JSON number or a string; "10.50", "10,50" and "10" are
// accepted; at most two decimals; no thousands separators, signs or exponents. The result is
// integer centavos, computed from the digits, never through a float.

export type ParsedAmount = { ok: true; cents: bigint } | { ok: false; reason: string };

const AMOUNT = /^(\d+)(?:[.,](\d{1,2}))?$/;

export function parseAmount(value: unknown): ParsedAmount {
  if (value === undefined || value === null || value === "") return { ok: false, reason: "is required" };
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, reason: "must be a finite number" };
    // String(10.5) is "10.5"; String(1e21) is "1e+21", refused below like any exponent.
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return { ok: false, reason: 'must be a number or a string such as "10.50"' };
  }
  if (text.startsWith("-")) return { ok: false, reason: "must be greater than zero" };
  const match = AMOUNT.exec(text);
  if (!match) {
    if (/^\d{1,3}([.,]\d{3})+([.,]\d+)?$/.test(text)) {
      return {
        ok: false,
        reason: `"${text}" has a thousands separator or more than two decimals; send "1234.56" or "1234,56"`,
      };
    }
    return {
      ok: false,
      reason: `"${text}" is not an amount; send digits with at most two decimals, such as "10.50" or "10,50"`,
    };
  }
  const cents = BigInt(match[1]) * 100n + BigInt((match[2] ?? "").padEnd(2, "0") || "0");
  if (cents === 0n) return { ok: false, reason: "must be greater than zero" };
  return { ok: true, cents };
}
