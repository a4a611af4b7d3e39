// What no text the gateway stores or compares may hold: NUL (PostgreSQL refuses it in text) and
// lone UTF-16 surrogates (no database can store them as UTF-8). Used by the envelope's walk over a
// token's claims and by the console's list filters.

/** Why a string cannot be stored, or null. */
export function textProblem(value: string): string | null {
  if (value.includes("\u0000")) return "must not contain the NUL character (\\u0000)";
  if (!value.isWellFormed()) return "must not contain a lone UTF-16 surrogate (such as \\ud800)";
  return null;
}
