// What no single-line setting may hold: a C0 control character or DEL. A header value, a name on a
// bank transfer or a URL carrying one is refused by the PSP or by Node itself only when it is used,
// long after the operator saved it.

export function hasControlCharacter(value: string): boolean {
  return /[\x00-\x1f\x7f]/.test(value);
}
