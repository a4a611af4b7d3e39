// A refused hosted form, carried across its redirect (post, redirect, get): the page it redirects
// to shows the errors and what was typed, and the browser's history holds only GETs, so Back and
// reload never meet "Confirm Form Resubmission". The cookie holds what the customer typed into
// the form, for one page view: httpOnly, Secure (browsers count http://127.0.0.1 and localhost as
// secure), SameSite=Lax, scoped to the payment's own path, two minutes at most, cleared when read.
import { z } from "zod";
import { jsonCookieValue, readJsonCookie } from "./json-cookie";

const COOKIE = "cashier_refused_form";
const MAX_AGE_SECONDS = 120;

const refusedFormSchema = z.object({
  invalid: z.array(z.enum(["name", "email", "cpf", "amount", "paymentMethod"])).max(5),
  values: z.partialRecord(z.enum(["name", "email", "cpf", "amount", "paymentMethod"]), z.string().max(1000)),
});

export type RefusedForm = z.infer<typeof refusedFormSchema>;

const attributes = (token: string, maxAge: number) =>
  `Path=/pay/${token}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

/** The Set-Cookie that carries a refused form to the page the POST redirects to. */
export function refusedFormCookie(token: string, form: RefusedForm): string {
  return `${COOKIE}=${jsonCookieValue(form)}; ${attributes(token, MAX_AGE_SECONDS)}`;
}

/** The Set-Cookie that clears it once shown. */
export function clearedRefusedFormCookie(token: string): string {
  return `${COOKIE}=; ${attributes(token, 0)}`;
}

/** The refused form the request carries, if any; anything else in that cookie is none. */
export function readRefusedForm(request: Request): RefusedForm | null {
  return readJsonCookie(request, COOKIE, refusedFormSchema);
}
