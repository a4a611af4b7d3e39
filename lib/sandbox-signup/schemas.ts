import { z } from "zod";
import { createMerchantSchema } from "../merchants/schemas";
import { consoleEmailSchema } from "../users/schemas";

/** The sign-up form: the merchant's name (a merchant's rule) and the e-mail that becomes its admin's sign-in. */
export const sandboxSignupSchema = z.object({ name: createMerchantSchema.shape.name, email: consoleEmailSchema });

/** How long a confirmation link works, and how many sign-up e-mails one address may get a day. */
export const SIGNUP_LINK_SECONDS = 3600;
export const SIGNUP_EMAILS_PER_ADDRESS_DAILY = 3;
