// Anyone holding a hosted link sees its pages (links are forwarded, screenshotted, left in
// histories), so the customer's CPF and e-mail appear only masked: enough for the customer to
// recognise them, not enough to reuse them.

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
