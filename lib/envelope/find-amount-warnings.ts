// A merchant used to centavos sends 1050 meaning R$ 10,50 and gets R$ 1.050,00. The amount is
// valid, so it is taken; the answer says how it was read instead of refusing.
import { formatAmountDot } from "../money/format-amount";

const WHOLE_AMOUNT_WARNED_FROM = 1000;

/** Warnings for the signed answer's `warnings` field; empty when the amount cannot be misread. */
export function findAmountWarnings(data: Record<string, unknown>): string[] {
  const { amount } = data;
  const whole =
    typeof amount === "number"
      ? amount
      : typeof amount === "string" && /^\d+$/.test(amount.trim())
        ? Number(amount)
        : NaN;
  if (!Number.isSafeInteger(whole) || whole < WHOLE_AMOUNT_WARNED_FROM) return [];
  return [
    `amount ${String(amount)} was read as ${formatAmountDot(BigInt(whole) * 100n)} reais; amounts are in reais, not centavos (send "${formatAmountDot(BigInt(whole))}" for ${whole} centavos)`,
  ];
}
