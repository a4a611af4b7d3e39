import { z } from "zod";
import { actionForm, actionState } from "../http/action-arguments";

export const consoleRoleSchema = z.enum(["operator", "merchant-admin", "merchant-viewer"]);

export const consoleEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "must be an e-mail address" }))
  .transform((email) => email.toLowerCase());

// NIST SP 800-63B: length over composition rules; 12 is the floor for an account that moves money.
export const consolePasswordSchema = z
  .string()
  .min(12, { error: "must be at least 12 characters" })
  .max(256, { error: "must be at most 256 characters" });

export const createConsoleUserSchema = z
  .object({ email: consoleEmailSchema, role: consoleRoleSchema, merchantId: z.string().trim().min(1).optional() })
  .superRefine((input, ctx) => {
    if (input.role === "operator" && input.merchantId)
      ctx.addIssue({ code: "custom", path: ["merchantId"], message: "operators see every merchant: no --merchant" });
    if (input.role !== "operator" && !input.merchantId)
      ctx.addIssue({
        code: "custom",
        path: ["merchantId"],
        message: `a ${input.role} belongs to one merchant: --merchant is required`,
      });
  });

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .transform((email) => email.toLowerCase()),
  password: z.string().max(256),
  // The authenticator's six digits or a recovery code, as typed (spaces and dashes ignored).
  code: z
    .string()
    .max(64)
    .transform((code) => code.replace(/[\s-]/g, "").toLowerCase()),
});

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "must be the 6 digits the app shows" });

/** "Esqueci minha senha": the e-mail typed, checked only for its shape (whether a user has it is never said). */
export const forgotPasswordSchema = z.object({ email: consoleEmailSchema });

/**
 * A setup or reset link's token as its page binds it to its actions (newBearerToken: 32 bytes,
 * base64url).
 */
export const setupTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** The setup and reset pages' actions: the link's token, bound by the page, then the form's state and the form. */
export const setupFormArguments = z.tuple([setupTokenSchema, actionState, actionForm]);
