// One CSV cell of a console export (transactions, the ledger, the audit log).

/**
 * RFC 4180 quoting, and a leading quote on what a spreadsheet would run as a formula: references
 * and names come from merchants and customers, and "=HYPERLINK(…)" must stay text. A plain
 * number ("-10.50", a ledger's debit) is no formula and stays a number.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
