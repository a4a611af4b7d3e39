// Anyone holding a hosted link sees its pages (links are forwarded, screenshotted, left in
// histories), so the customer's CPF and e-mail appear only masked: enough for the customer to
// recognise them, not enough to reuse them. The console masks the same way (and a payout's Pix
// key and account): a screen is shared and an export travels; operators reveal, on the record.

/** "52998224725" → "***.982.247-**" (the middle six digits, as the Receita's own receipts show). */
export function maskCpf(cpf: string | null): string {
  const digits = (cpf ?? "").replace(/\D/g, "");
  if (digits.length !== 11) return digits.length > 0 ? "***" : "";
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** "maria@example.com" → "m***@example.com". */
export function maskEmail(email: string | null): string {
  if (!email) return "";
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** "+55 11 91234-5678" → "***5678": the last four digits, as card and phone receipts show. */
export function maskPhone(phone: string | null): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 0) return "";
  return digits.length > 6 ? `***${digits.slice(-4)}` : "***";
}

/**
 * A payout's Pix key masked as what it is: an e-mail or a CPF like the customer's, a phone by its
 * last digits. A random key (EVP) or a company's CNPJ names no person and is shown whole.
 */
export function maskPixKey(key: string | null): string {
  if (!key) return "";
  if (key.includes("@")) return maskEmail(key);
  if (/^\d{11}$|^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(key)) return maskCpf(key);
  if (key.startsWith("+")) return maskPhone(key);
  return key;
}

/** A bank account number by its last three characters. */
export function maskAccount(account: string | null): string {
  if (!account) return "";
  return account.length > 3 ? `***${account.slice(-3)}` : "***";
}
