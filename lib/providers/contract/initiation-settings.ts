// An account's initiation settings as the database keeps them (ProviderAccount.initiation, JSON):
// read back strictly, since an initiated Pix is paid to the account they name.
import { z } from "zod";
import type { InitiationSettings } from "./provider-account";

/** Open Finance's account types: conta corrente, poupança, conta de pagamento, salário. */
export const RECEIVER_ACCOUNT_TYPES = ["CACC", "SVGS", "TRAN", "SLRY"] as const;

/** An account's initiation settings as stored (ProviderAccount.initiation) and loaded. */
export const initiationSettingsSchema = z.object({
  baseUrl: z.string().min(1),
  receiver: z.object({
    ispb: z.string().regex(/^\d{8}$/),
    branch: z.string().regex(/^\d{1,4}$/),
    account: z.string().regex(/^\d{1,20}$/),
    accountType: z.enum(RECEIVER_ACCOUNT_TYPES),
    document: z.string().regex(/^(\d{11}|\d{14})$/),
    name: z.string().min(1),
  }),
}) satisfies z.ZodType<InitiationSettings>;
