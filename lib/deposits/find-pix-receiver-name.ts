// The name a customer's bank shows at confirmation is the receiver in the BR Code itself (EMV tag
// 59): PIX_MERCHANT_NAME for sandbox codes, the PSP's receiver for live ones. The hosted page
// states it, so a name other than the shop's is expected rather than alarming.

/** Tag 59 of a BR Code's top-level TLV list, or null when the code has none or is malformed. */
export function findPixReceiverName(brCode: string): string | null {
  let at = 0;
  while (at + 4 <= brCode.length) {
    const id = brCode.slice(at, at + 2);
    const length = Number(brCode.slice(at + 2, at + 4));
    if (!Number.isInteger(length) || at + 4 + length > brCode.length) return null;
    if (id === "59") return brCode.slice(at + 4, at + 4 + length).trim() || null;
    at += 4 + length;
  }
  return null;
}
