// Provider accounts as operators add them (`provider add`) and as the tools show them. Every field
// is checked with a message of its own, so an account that is stored can be reached as given.
import { X509Certificate, createPrivateKey } from "node:crypto";
import { getPixKeyInfo, isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { PSP_PROFILES, PSP_PROFILE_NAMES, type PspProfileName } from "../../config/psp-profiles";
import { RAILS, type Rail } from "../contract/payment-provider";
import { RECEIVER_ACCOUNT_TYPES } from "../contract/initiation-settings";
import type { InitiationSettings } from "../contract/provider-account";
import { PROVIDER_KINDS, PROVIDER_KIND_TRAITS } from "../contract/provider-kinds";

export const providerAccountIdSchema = z.string().regex(/^pa_[a-z0-9]{1,64}$/, "must be a provider account id (pa_…)");

const plainText = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\x00-\x1f\x7f]/.test(value), "must not hold control characters");

const pem = (what: string) =>
  z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(64 * 1024, `is too long for a PEM ${what}`);

/** Checks a PEM certificate, naming what is wrong; the text itself never reaches a message. */
function readCertificate(text: string, ctx: z.RefinementCtx, path: string, now: Date): X509Certificate | null {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(text);
  } catch {
    ctx.addIssue({ code: "custom", path: [path], message: "is not a PEM certificate" });
    return null;
  }
  if (new Date(certificate.validTo) < now)
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `expired on ${new Date(certificate.validTo).toISOString()}`,
    });
  return certificate;
}

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

/** `provider add`'s input: the CLI reads the PEM files and the secrets (from standard input) for it. */
export const addProviderAccountSchema = z
  .object({
    kind: z.enum(PROVIDER_KINDS, { error: `must be one of ${PROVIDER_KINDS.join(", ")}` }),
    label: plainText(60),
    url: z.string({ error: "is required" }).trim(),
    tokenUrl: z.string().trim().optional(),
    profile: z.enum(PSP_PROFILE_NAMES, { error: `must be one of ${PSP_PROFILE_NAMES.join(", ")}` }).optional(),
    clientId: plainText(200),
    clientSecret: z.string().min(1, "must not be empty").max(1000, "must be at most 1000 characters").optional(),
    certPem: pem("certificate"),
    keyPem: pem("private key"),
    caPem: pem("certificate").optional(),
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
  })
  .transform((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const traits = PROVIDER_KIND_TRAITS[input.kind];

    const checkUrl = (path: string, value: string): string => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        issue(path, "must be an absolute URL such as https://pix.psp.example");
        return value;
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") issue(path, "must be an https URL");
      else if (url.protocol === "http:" && input.isProduction) issue(path, "must be https:// in production");
      if (url.username || url.password) issue(path, "must not carry credentials");
      if (url.search || url.hash) issue(path, "must not carry a query or a fragment");
      return value.replace(/\/+$/, "");
    };
    const url = checkUrl("url", input.url);
    let tokenUrl = "";
    if (input.tokenUrl !== undefined) tokenUrl = checkUrl("tokenUrl", input.tokenUrl);
    else if (traits.defaultTokenPath !== null) tokenUrl = `${url}${traits.defaultTokenPath}`;
    else issue("tokenUrl", `is required for ${input.kind} accounts: each PSP keeps its token endpoint elsewhere`);

    let profile: PspProfileName = traits.fixedProfile ?? input.profile ?? "generic";
    if (traits.fixedProfile !== null && input.profile !== undefined && input.profile !== traits.fixedProfile) {
      issue("profile", `${input.kind} accounts follow the ${traits.fixedProfile} profile; leave it out`);
      profile = traits.fixedProfile;
    }
    const rules = PSP_PROFILES[profile];
    // A parameter such accounts cannot carry yet (Banco do Brasil's application key): PIX_PSP_QUERY serves it.
    if (rules.requiredQuery)
      issue("profile", `the ${profile} profile needs ${rules.requiredQuery.why}; use the PIX_PSP_* account for it`);
    if (input.clientSecret === undefined) {
      if (traits.needsSecret) issue("clientSecret", `is required for ${input.kind} accounts`);
      else if (rules.needsSecret) issue("clientSecret", `is required by the ${profile} profile`);
      else if (rules.tokenAuth === "basic")
        issue("clientSecret", `is required: the ${profile} profile asks for the token with HTTP Basic authentication`);
    }

    const certificate = readCertificate(input.certPem, ctx, "certPem", input.now);
    let privateKey: ReturnType<typeof createPrivateKey> | null = null;
    try {
      privateKey = createPrivateKey(input.keyPem);
    } catch {
      issue("keyPem", "is not a PEM private key (or it is encrypted)");
    }
    if (certificate && privateKey && !certificate.checkPrivateKey(privateKey))
      issue("keyPem", "is not the private key of the certificate");
    if (input.caPem !== undefined) readCertificate(input.caPem, ctx, "caPem", input.now);

    const pixKey = getPixKeyInfo(input.pixKey);
    if (!pixKey) issue("pixKey", "is not a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)");

    // The initiation rail needs the receiving account; without it the kind's other rails are served as ever.
    const isInitiationAsked =
      input.initiationUrl !== undefined ||
      RECEIVER_FIELDS.some((field) => input[field] !== undefined) ||
      (input.rails ?? []).includes("initiation");
    let initiation: InitiationSettings | null = null;
    if (isInitiationAsked && traits.initiation === null) {
      const given = (["initiationUrl", ...RECEIVER_FIELDS] as const).find((field) => input[field] !== undefined);
      if (given) issue(given, `${input.kind} accounts serve no payment initiation; leave it out`);
    } else if (isInitiationAsked && traits.initiation !== null) {
      initiation = readInitiation(input, traits.initiation, url, issue, checkUrl);
      if (input.rails !== undefined && !input.rails.includes("initiation"))
        issue("rails", "must include initiation when the receiving account is given (or leave the receiver out)");
    }

    const rails: Rail[] = [];
    for (const rail of input.rails ?? traits.rails.filter((rail) => rail !== "initiation" || initiation !== null)) {
      if (!(RAILS as readonly string[]).includes(rail)) issue("rails", `${rail} is not a rail (${RAILS.join(", ")})`);
      else if (!traits.rails.includes(rail as Rail))
        issue("rails", `${input.kind} accounts serve ${traits.rails.join(", ")}, not ${rail}`);
      else if (!rails.includes(rail as Rail)) rails.push(rail as Rail);
    }
    if (input.rails !== undefined && input.rails.length === 0) issue("rails", "must name at least one rail");

    return {
      kind: input.kind,
      label: input.label,
      baseUrl: url,
      tokenUrl,
      profile,
      clientId: input.clientId,
      pixKey: pixKey?.value ?? input.pixKey,
      // RAILS' order, whatever order they were given in.
      rails: RAILS.filter((rail) => rails.includes(rail)),
      initiation,
      secrets: {
        clientSecret: input.clientSecret ?? null,
        certPem: input.certPem,
        keyPem: input.keyPem,
        caPem: input.caPem ?? null,
        webhookSecret: input.webhookSecret ?? null,
      },
    };
  });

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
  kind: { defaultIspb: string; urlFor: (apiUrl: URL) => string | null },
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
  else if (name !== null && /[\x00-\x1f\x7f]/.test(name)) issue("receiverName", "must not hold control characters");

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

export type AddProviderAccountInput = Omit<z.input<typeof addProviderAccountSchema>, "isProduction" | "now">;

/** What is sealed in ProviderAccount.secretsCiphertext, as one JSON. */
export const providerAccountSecretsSchema = z.object({
  clientSecret: z.string().nullable(),
  certPem: z.string(),
  keyPem: z.string(),
  caPem: z.string().nullable(),
  webhookSecret: z.string(),
});

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
