import { z } from "zod";

export const merchantModeSchema = z.enum(["sandbox", "live"]);

export const merchantIdSchema = z.string().regex(/^mer_[a-z0-9]+$/, "must be a merchant id (mer_…)");

export const keyIdSchema = z
  .string()
  .regex(
    /^mk_(test|live)_[A-Za-z0-9]{8,64}$/,
    "must look like mk_test_… or mk_live_… followed by 8 to 64 letters or digits",
  );

// Generated secrets are 32 random bytes in base64url (43 characters); a given one must be as long.
export const secretSchema = z
  .string()
  .min(32, "must be at least 32 characters (generated secrets are 32 random bytes, base64url)")
  .max(256, "must be at most 256 characters");

export const callbackUrlSchema = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

export const redirectOriginSchema = z
  .url({ protocol: /^https?$/, error: "must be an origin such as https://shop.example" })
  .transform((value, ctx) => {
    const url = new URL(value);
    if (url.pathname !== "/" || url.search || url.hash) {
      ctx.addIssue({ code: "custom", message: "must be an origin (scheme, host and port) without a path" });
      return z.NEVER;
    }
    return url.origin;
  });

export const createMerchantSchema = z.object({
  name: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters"),
  mode: merchantModeSchema.default("sandbox"),
  callbackUrl: callbackUrlSchema.optional(),
  redirectOrigins: z.array(redirectOriginSchema).default([]),
  keyId: keyIdSchema.optional(),
  secret: secretSchema.optional(),
  // Fixed only for the seeded demo merchant, so tools can find it.
  id: merchantIdSchema.optional(),
});

export type CreateMerchantInput = z.input<typeof createMerchantSchema>;

/** The console's form for a new merchant: no chosen ids or secrets, which only tools and demos set. */
export const consoleMerchantSchema = createMerchantSchema.pick({
  name: true,
  mode: true,
  callbackUrl: true,
  redirectOrigins: true,
});
