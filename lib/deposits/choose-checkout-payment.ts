// Gateway In's hosted form: the customer confirms the amount (typing it when the merchant sent
// none) and the method (choosing it when the merchant sent none). Pix issues its BR Code now,
// for the amount chosen; a bank goes on to the sandbox initiator (sandbox merchants only).
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { updateCheckoutChoice } from "../db/transactions";
import { randomAlphanumeric } from "../ids";
import { parseAmount } from "../money/parse-amount";
import { findProviderByName } from "../providers/find-provider";
import { findHostedPayment } from "./find-hosted-payment";
import { issuePixCharge } from "./issue-pix-charge";
import { type GatewayInMethod, gatewayInMethods } from "./schemas";

export type CheckoutChoice = { amount?: string; paymentMethod?: string };
export type CheckoutResult =
  | { ok: true; next: { kind: "pix" } | { kind: "bank"; bank: Exclude<GatewayInMethod, "pix"> } }
  // closed: settled, expired, or changed meanwhile (another tab): the page shows where it stands.
  | { ok: false; invalid: ("amount" | "paymentMethod")[]; closed?: boolean };

export async function chooseCheckoutPayment(token: string, choice: CheckoutChoice): Promise<CheckoutResult> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return { ok: false, invalid: [], closed: true };
  const { deposit } = payment;
  const invalid: ("amount" | "paymentMethod")[] = [];

  let amountCents = deposit.amountCents;
  if (deposit.amountEditable) {
    const parsed = parseAmount(choice.amount);
    if (!parsed.ok || parsed.cents > getConfig().maxAmountCents) invalid.push("amount");
    else amountCents = parsed.cents;
  }
  const method = (deposit.paymentMethod ?? choice.paymentMethod) as GatewayInMethod | undefined;
  // A live customer never meets the sandbox bank: live payments are Pix only.
  const isAllowed = method !== undefined && gatewayInMethods.includes(method) && (deposit.mode !== "live" || method === "pix");
  if (!isAllowed) invalid.push("paymentMethod");
  if (invalid.length > 0 || !method) return { ok: false, invalid };

  if (method === "pix") {
    // A charge already issued is kept (the amount is fixed by the first choice): the customer may
    // come back to the form. Otherwise the choice and a new txid are written first, then the
    // provider is called (issuePixCharge), so a crash between the two is finished under that txid.
    if (deposit.pixTxid === null) {
      const pixTxid = randomAlphanumeric(findProviderByName(deposit.provider).txidLength).toUpperCase();
      if (!(await updateCheckoutChoice(getDb(), deposit.id, deposit.amountEditable, { amountCents, paymentMethod: method, pixTxid }))) {
        return { ok: false, invalid: [], closed: true };
      }
      await issuePixCharge({ ...deposit, amountCents, paymentMethod: method, amountEditable: false, pixTxid });
    } else {
      await issuePixCharge(deposit);
    }
    return { ok: true, next: { kind: "pix" } };
  }
  const isWritten = await updateCheckoutChoice(getDb(), deposit.id, deposit.amountEditable, { amountCents, paymentMethod: method });
  return isWritten ? { ok: true, next: { kind: "bank", bank: method } } : { ok: false, invalid: [], closed: true };
}
