import { z } from "zod";
import { callbackUrlSchema } from "../callback-urls/callback-url-schema";
import { parseAmount } from "../money/parse-amount";

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

export const payoutApprovalSchema = z.enum(["automatic", "operator"], { error: "must be automatic or operator" });

/**
 * Where a merchant's rails go and who lets its payouts leave, as `merchant create` and `merchant
 * update` take them. Routes are checked against the accounts by lib/providers/accounts/route-merchant.
 */
export const merchantRoutingSchema = z
  .object({
    /** Every rail the account serves goes to it (pa_…). */
    provider: z.string().optional(),
    /** RAIL=pa_…, one rail each. */
    providerFor: z.array(z.string()).optional(),
    /** Drops the routes first: the rails go back to the implicit PIX_PSP_* account. */
    isProviderCleared: z.boolean().optional(),
    payoutApproval: payoutApprovalSchema.optional(),
    /** With "operator": only payouts above this amount wait; without it, every payout does. */
    approvalAbove: z.string().optional(),
  })
  .transform((input, ctx) => {
    let approval: { payoutApproval: "automatic" | "operator"; payoutApprovalAboveCents: bigint | null } | undefined;
    if (input.approvalAbove !== undefined && input.payoutApproval !== "operator") {
      ctx.addIssue({
        code: "custom",
        path: ["approvalAbove"],
        message: "goes with payoutApproval operator (--payout-approval operator --approval-above AMOUNT)",
      });
    } else if (input.payoutApproval !== undefined) {
      let aboveCents: bigint | null = null;
      if (input.approvalAbove !== undefined) {
        const amount = parseAmount(input.approvalAbove);
        if (amount.ok) aboveCents = amount.cents;
        else ctx.addIssue({ code: "custom", path: ["approvalAbove"], message: amount.reason });
      }
      approval = { payoutApproval: input.payoutApproval, payoutApprovalAboveCents: aboveCents };
    }
    const routes = {
      isCleared: input.isProviderCleared ?? false,
      provider: input.provider,
      providerFor: input.providerFor ?? [],
    };
    const isRouteChange = routes.isCleared || routes.provider !== undefined || routes.providerFor.length > 0;
    return { routes: isRouteChange ? routes : undefined, approval };
  });

export type MerchantRoutingInput = z.input<typeof merchantRoutingSchema>;
