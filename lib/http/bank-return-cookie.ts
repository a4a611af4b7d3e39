// Which payment a customer sent to their bank is, carried to the account's return address
// (/pay/retorno/{accountId}) in a first-party cookie set as the gateway hands them to the bank
// (banco/abrir). Efí does not document what it appends to the way back, and a parameter names any
// payment a link says; the cookie names the customer's own. It holds the payment's token, which the
// customer already has in the address bar, so it opens nothing they could not open, and the
// attempt: httpOnly, Secure (browsers count http://127.0.0.1 and localhost as secure), SameSite=Lax
// (sent on the bank's top-level redirect back), scoped to that account's return path, an hour at
// most.
import { z } from "zod";
import { jsonCookieValue, readJsonCookie } from "./json-cookie";

const COOKIE = "cashier_bank_return";
const MAX_AGE_SECONDS = 3600;

const bankReturnSchema = z.object({
  token: z.string().min(1).max(200),
  initiationId: z.string().regex(/^ini_[a-z0-9]{1,64}$/),
});

export type BankReturn = z.infer<typeof bankReturnSchema>;

/** The Set-Cookie that names the payment and attempt a customer is sent to their bank for. */
export function bankReturnCookie(accountId: string, carried: BankReturn): string {
  return `${COOKIE}=${jsonCookieValue(carried)}; Path=/pay/retorno/${accountId}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

/** What the return's cookie names, if anything readable. */
export function readBankReturn(request: Request): BankReturn | null {
  return readJsonCookie(request, COOKIE, bankReturnSchema);
}
