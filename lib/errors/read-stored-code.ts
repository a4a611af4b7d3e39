/**
 * A code read back from a column as one of `codes`: null for a row written before the column
 * held codes, or for a code since retired, so a page falls back to its generic line.
 */
export function readStoredCode<Code extends string>(codes: readonly Code[], stored: string | null): Code | null {
  return codes.find((code) => code === stored) ?? null;
}
