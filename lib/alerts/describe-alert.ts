// An operator alert in the words a person reads it in, away from the console: Portuguese first,
// then English, as the console speaks them, with the link to the overview where it is resolved.
import { getConfig } from "../config/config";
import type { OperatorAlertRecord } from "../db/operator-alerts";
import { operationsMessages } from "../i18n/console-operations";
import { formatBrl } from "../i18n/messages";

export function describeAlert(alert: OperatorAlertRecord): { subject: string; lines: string[]; consoleUrl: string } {
  const kind = (locale: "pt-BR" | "en") => operationsMessages[locale].overview.alertKinds[alert.kind] ?? alert.kind;
  const consoleUrl = `${getConfig().publicBaseUrl}/console`;
  const amount = alert.amountCents === null ? null : formatBrl(alert.amountCents, "pt-BR");
  return {
    subject: `Alerta do Cashier: ${kind("pt-BR")}${amount ? ` (${amount})` : ""}`,
    lines: [
      `Alerta para o operador / Operator alert: ${kind("pt-BR")} / ${kind("en")}`,
      ...(amount ? [`Valor / Amount: ${amount}`] : []),
      ...(alert.merchantId ? [`Lojista / Merchant: ${alert.merchantId}`] : []),
      ...(alert.objectId ? [`Objeto / Object: ${alert.objectId}`] : []),
      `Em / At: ${alert.createdAt.toISOString()}`,
      "",
      alert.message,
      "",
      `Resolva no console / Resolve it in the console: ${consoleUrl}`,
      `Alerta / Alert: ${alert.id}`,
    ],
    consoleUrl,
  };
}
