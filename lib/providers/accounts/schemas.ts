// Provider accounts as operators add them (`provider add`), as the PIX_PSP_* variables seed one,
// and as the tools show them. The common part (label, Pix key, rails, webhook secret, payment
// initiation's receiver) is checked here; the settings are checked by the account's kind, its own
// schema (lib/providers/<kind>/kind.ts). Every field has a message of its own, so an account that
// is stored can be reached as given.
import { getPixKeyInfo, isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { RAILS, type Rail } from "../contract/payment-provider";
import { RECEIVER_ACCOUNT_TYPES } from "../contract/initiation-settings";
import type { InitiationSettings } from "../contract/provider-account";
import type { KindInitiation, ProviderKind } from "../contract/provider-kind";
import { plainText, readUrl } from "../contract/setting-checks";
import { PROVIDER_KINDS } from "../kinds/provider-kinds";
import { hasControlCharacter } from "../../text/has-control-character";

export const providerAccountIdSchema = z.string().regex(/^pa_[a-z0-9]{1,64}$/, "must be a provider account id (pa_…)");

/** The receiving account's fields as `provider add` takes them, each a flag --receiver-…. */
const RECEIVER_FIELDS = [
  "receiverIspb",
  "receiverBranch",
  "receiverAccount",
  "receiverAccountType",
  "receiverDocument",
  "receiverName",
] as const;

/** A CPF or CNPJ with its middle digits only, enough for an operator to recognise it: ***.456.789-** or **.444.777/0001-**. */
export function maskDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (/^\d{14}$/.test(document))
    return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-**`;
  return "***";
}

/** What every account has, whatever its kind: the rest of the input is the kind's settings. */
const commonFields = {
  label: plainText(60),
  pixKey: z.string({ error: "is required" }).trim().min(1, "is required"),
  rails: z.array(z.string()).optional(),
  // Carried in the webhook's address (?secret=, or the PSP's own way): URL-safe characters only.
  webhookSecret: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{16,128}$/, "must be 16 to 128 letters, digits or . _ ~ -")
    .optional(),
  // Payment initiation (kinds that serve it): the initiator's Open Finance API (derived from url
  // where the kind knows how) and the account that receives the payments. Not secret.
  initiationUrl: z.string().trim().optional(),
  receiverIspb: z.string().trim().optional(),
  receiverBranch: z.string().trim().optional(),
  receiverAccount: z.string().trim().optional(),
  receiverAccountType: z.string().trim().optional(),
  receiverDocument: z.string().trim().optional(),
  receiverName: z.string().optional(),
  /** Production: http is refused, credentials and payments never travel in clear text. */
  isProduction: z.boolean(),
  now: z.date(),
};

/**
 * The check of an account of any of these kinds: the common fields here, the settings by the
 * kind's own schema (its issues under the same names), and a setting no such kind takes refused.
 */
export function buildAddProviderAccountSchema(kinds: readonly ProviderKind[]) {
  const names = kinds.map((kind) => kind.kind);
  return z
    .object({
      kind: z.string().refine((name) => names.includes(name), `must be one of ${names.join(", ")}`),
      ...commonFields,
    })
    .catchall(z.string().optional())
    .transform((input, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const kind = kinds.find((candidate) => candidate.kind === input.kind)!;
      const given: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(input)) {
        if (Object.hasOwn(commonFields, name) || name === "kind" || value === undefined) continue;
        if (Object.hasOwn(kind.fields, name)) given[name] = value as string;
        else issue(name, `is not a setting of ${kind.kind} accounts`);
      }
      const settings = kind.settingsSchema({ isProduction: input.isProduction, now: input.now }).safeParse(given);
      if (!settings.success)
        for (const found of settings.error.issues)
          ctx.addIssue({ code: "custom", path: found.path, message: found.message });

      const pixKey = getPixKeyInfo(input.pixKey);
      if (!pixKey) issue("pixKey", "is not a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)");

      // The initiation rail needs the receiving account; without it the kind's other rails are served as ever.
      const isInitiationAsked =
        input.initiationUrl !== undefined ||
        RECEIVER_FIELDS.some((field) => input[field] !== undefined) ||
        (input.rails ?? []).includes("initiation");
      let initiation: InitiationSettings | null = null;
      if (isInitiationAsked && kind.initiation === null) {
        const named = (["initiationUrl", ...RECEIVER_FIELDS] as const).find((field) => input[field] !== undefined);
        if (named) issue(named, `${kind.kind} accounts serve no payment initiation; leave it out`);
      } else if (isInitiationAsked && kind.initiation !== null) {
        const apiUrl = settings.success ? settings.data.baseUrl : (given.url ?? "");
        initiation = readInitiation(input, kind.initiation, apiUrl, issue, (path, value) =>
          readUrl(value, path, ctx, input.isProduction),
        );
        if (input.rails !== undefined && !input.rails.includes("initiation"))
          issue("rails", "must include initiation when the receiving account is given (or leave the receiver out)");
      }

      const rails: Rail[] = [];
      for (const rail of input.rails ?? kind.rails.filter((rail) => rail !== "initiation" || initiation !== null)) {
        if (!(RAILS as readonly string[]).includes(rail)) issue("rails", `${rail} is not a rail (${RAILS.join(", ")})`);
        else if (!kind.rails.includes(rail as Rail))
          issue("rails", `${kind.kind} accounts serve ${kind.rails.join(", ")}, not ${rail}`);
        else if (!rails.includes(rail as Rail)) rails.push(rail as Rail);
      }
      if (input.rails !== undefined && input.rails.length === 0) issue("rails", "must name at least one rail");
      if (!settings.success) return z.NEVER;

      return {
        kind: kind.kind,
        label: input.label,
        ...settings.data,
        pixKey: pixKey?.value ?? input.pixKey,
        // RAILS' order, whatever order they were given in.
        rails: RAILS.filter((rail) => rails.includes(rail)),
        initiation,
        webhookSecret: input.webhookSecret ?? null,
      };
    });
}

/** `provider add`'s input: the CLI reads the files and the secrets (from standard input) for it. */
export const addProviderAccountSchema = buildAddProviderAccountSchema(PROVIDER_KINDS);

type InitiationInput = {
  [field in "initiationUrl" | (typeof RECEIVER_FIELDS)[number]]?: string;
};

/**
 * The initiation settings `provider add` was given, each field checked with its own message: the
 * initiator's API (https, or http outside production; the kind's own when it can be derived from
 * the API Pix URL), and the receiving account as Open Finance names it.
 */
function readInitiation(
  input: InitiationInput,
  kind: KindInitiation,
  apiUrl: string,
  issue: (path: string, message: string) => void,
  checkUrl: (path: string, value: string) => string,
): InitiationSettings {
  let baseUrl = "";
  if (input.initiationUrl !== undefined) baseUrl = checkUrl("initiationUrl", input.initiationUrl);
  else {
    const derived = URL.canParse(apiUrl) ? kind.urlFor(new URL(apiUrl)) : null;
    if (derived === null)
      issue("initiationUrl", "is required: no Open Finance API is known for this url; name the initiator's");
    baseUrl = derived ?? "";
  }
  const required = (field: (typeof RECEIVER_FIELDS)[number]): string | null => {
    const value = input[field];
    if (value === undefined || value.trim() === "") {
      issue(field, "is required to serve initiation");
      return null;
    }
    return value.trim();
  };

  const ispb = input.receiverIspb ?? kind.defaultIspb;
  if (!/^\d{8}$/.test(ispb)) issue("receiverIspb", "must be the institution's ISPB, 8 digits");
  const branch = required("receiverBranch");
  if (branch !== null && !/^\d{1,4}$/.test(branch))
    issue("receiverBranch", "must be the branch's 1 to 4 digits, without a check digit");
  // 12345-6 is taken as 123456: Open Finance wants the number and its check digit, digits only.
  const account = required("receiverAccount")?.replace(/[-\s]/g, "") ?? null;
  if (account !== null && !/^\d{1,20}$/.test(account))
    issue("receiverAccount", "must be the account number with its check digit, up to 20 digits");
  const accountType = required("receiverAccountType")?.toUpperCase() ?? null;
  if (accountType !== null && !(RECEIVER_ACCOUNT_TYPES as readonly string[]).includes(accountType))
    issue(
      "receiverAccountType",
      "must be CACC (conta corrente), SVGS (poupança), TRAN (conta de pagamento) or SLRY (conta salário)",
    );
  const document = required("receiverDocument")?.replace(/[.\-/\s]/g, "") ?? null;
  if (
    document !== null &&
    !((document.length === 11 && isValidCpf(document)) || (document.length === 14 && isValidCnpj(document)))
  )
    issue("receiverDocument", "must be a valid CPF or CNPJ (the account holder's)");
  const name = required("receiverName");
  if (name !== null && name.length > 140) issue("receiverName", "must be at most 140 characters");
  else if (name !== null && hasControlCharacter(name)) issue("receiverName", "must not hold control characters");

  return {
    baseUrl,
    receiver: {
      ispb,
      branch: branch ?? "",
      account: account ?? "",
      accountType: (accountType ?? "CACC") as InitiationSettings["receiver"]["accountType"],
      document: document ?? "",
      name: name ?? "",
    },
  };
}

/** The common fields, and the kind's settings by name (each a string: a file's contents, a line of standard input). */
export type AddProviderAccountInput = {
  kind: string;
  rails?: string[];
} & Omit<{ [field in keyof typeof commonFields]?: string }, "rails" | "isProduction" | "now"> & {
    [setting: string]: string | string[] | undefined;
  };

/** What is sealed in ProviderAccount.secretsCiphertext, as one JSON: the webhook's secret and the kind's own. */
export const providerAccountSecretsSchema = z.looseObject({ webhookSecret: z.string() });

export type ProviderAccountSecrets = z.infer<typeof providerAccountSecretsSchema>;

/** An account as the CLI prints it and the console lists it: never a secret, a certificate or a key. */
export const providerAccountViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  url: z.string(),
  token_url: z.string(),
  profile: z.string().nullable(),
  pix_key: z.string(),
  rails: z.array(z.enum(RAILS)),
  /** Payment initiation: the initiator's API and the receiving account (its holder's document masked); null when not served. */
  initiation: z
    .object({
      url: z.string(),
      receiver: z.object({
        ispb: z.string(),
        branch: z.string(),
        account: z.string(),
        account_type: z.enum(RECEIVER_ACCOUNT_TYPES),
        document: z.string(),
        name: z.string(),
      }),
    })
    .nullable(),
  /** Where the PSP notifies this account, under the gateway's PUBLIC_BASE_URL. */
  webhook_path: z.string(),
  webhook_url: z.string(),
  created_at: z.string(),
});

export type ProviderAccountView = z.infer<typeof providerAccountViewSchema>;

export type ProviderAccountListing = ProviderAccountView & {
  disabled_at: string | null;
  /** How many merchants route at least one rail to it. */
  merchants: number;
};
